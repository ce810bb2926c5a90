import { randomUUID } from 'node:crypto';
import { presenceAnnouncement, presenceSubject } from '@baton/contracts';
import type { EventBus } from '@baton/service-kit';

/** Someone with a task's comments open on this replica: a socket's client (its person's e-mail). */
export interface PresenceMember {
  auth: { email: string };
}

/** Hands `{presence}` to a member's socket. */
type Tell<M> = (member: M, message: { presence: string[] }) => void;

export interface PresenceTiming {
  /** How often a replica announces its members of each task it has sockets for. */
  heartbeatMs: number;
  /** A replica not heard from for this long no longer counts (it stopped without saying so). */
  expiryMs: number;
}

const defaultTiming: PresenceTiming = { heartbeatMs: 15_000, expiryMs: 40_000 };

interface Room<M> {
  members: Set<M>;
  /** How many of the members have each e-mail: whether a join or a leave changes the list, without a new one. */
  emails: Map<string, number>;
  /** What the other replicas last announced, and when. */
  remote: Map<string, { emails: string[]; heardAt: number }>;
  unsubscribe(): void;
  /** The list last sent to this replica's members (and joined), to send only changes. */
  shown: string[];
  shownText: string;
}

/**
 * Who has each task's comments open, across every gateway replica, with nothing shared but core NATS
 * (`presenceSubject`): each replica announces the e-mails of its own members of a task whenever they change
 * and on a heartbeat, and tells its members the union whenever it changes. A task's room is shared by its
 * sockets on this replica; a member is the socket's client itself (no object or closure of its own).
 */
export class CommentPresence<M extends PresenceMember> {
  private rooms = new Map<string, Room<M>>();
  private heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private bus: EventBus,
    private tell: Tell<M>,
    private timing: PresenceTiming = defaultTiming,
    readonly replica: string = randomUUID(),
  ) {
    this.heartbeat = setInterval(() => this.beat(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  join(taskId: string, member: M) {
    let room = this.rooms.get(taskId);
    const first = !room;
    if (!room) {
      const sub = this.bus.subscribeCore(presenceSubject(taskId), (data) => this.heard(taskId, data));
      room = {
        members: new Set(),
        emails: new Map(),
        remote: new Map(),
        unsubscribe: sub.unsubscribe,
        shown: [],
        shownText: '',
      };
      this.rooms.set(taskId, room);
    }
    if (room.members.has(member)) return;
    room.members.add(member);
    const { email } = member.auth;
    const same = room.emails.get(email) ?? 0;
    room.emails.set(email, same + 1);
    // The list is unchanged (the person is here already): the newcomer gets it as the others last got it.
    if (same > 0) return this.tell(member, { presence: room.shown });
    // A first member asks the other replicas to announce theirs at once, instead of at their next beat.
    this.announce(taskId, room, first);
    this.show(room, member);
  }

  leave(taskId: string, member: M) {
    const room = this.rooms.get(taskId);
    if (!room?.members.delete(member)) return;
    const { email } = member.auth;
    const same = room.emails.get(email) ?? 0;
    if (same > 1) room.emails.set(email, same - 1);
    else room.emails.delete(email);
    if (room.members.size === 0) {
      room.unsubscribe();
      this.rooms.delete(taskId);
      this.announce(taskId, room);
      return;
    }
    this.announce(taskId, room);
    this.show(room);
  }

  close() {
    clearInterval(this.heartbeat);
    for (const [taskId, room] of this.rooms) {
      room.unsubscribe();
      room.members.clear();
      room.emails.clear();
      this.announce(taskId, room);
    }
    this.rooms.clear();
  }

  private localEmails(room: Room<M>) {
    return [...room.emails.keys()].sort();
  }

  private everyone(room: Room<M>) {
    const emails = new Set(this.localEmails(room));
    for (const entry of room.remote.values()) for (const email of entry.emails) emails.add(email);
    return [...emails].sort();
  }

  private announce(taskId: string, room: Room<M>, ask = false) {
    this.bus.publishCore(presenceSubject(taskId), {
      replica: this.replica,
      emails: this.localEmails(room),
      ...(ask ? { ask } : {}),
    });
  }

  /** Sends the list to `only` when it is unchanged since last sent, else to every member. */
  private show(room: Room<M>, only?: M) {
    const presence = this.everyone(room);
    const text = presence.join();
    if (only && text === room.shownText) return this.tell(only, { presence });
    room.shown = presence;
    room.shownText = text;
    for (const member of room.members) this.tell(member, { presence });
  }

  private heard(taskId: string, data: unknown) {
    const room = this.rooms.get(taskId);
    const parsed = presenceAnnouncement.safeParse(data);
    if (!room || !parsed.success || parsed.data.replica === this.replica) return;
    const { replica, emails, ask } = parsed.data;
    if (emails.length === 0) room.remote.delete(replica);
    else room.remote.set(replica, { emails, heardAt: Date.now() });
    if (ask) this.announce(taskId, room);
    this.show(room);
  }

  private beat() {
    const stale = Date.now() - this.timing.expiryMs;
    for (const [taskId, room] of this.rooms) {
      let expired = false;
      for (const [replica, entry] of room.remote)
        if (entry.heardAt < stale) expired = room.remote.delete(replica);
      this.announce(taskId, room);
      if (expired) this.show(room);
    }
  }
}
