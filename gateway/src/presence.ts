import { randomUUID } from 'node:crypto';
import { presenceAnnouncement, presenceSubject } from '@baton/contracts';
import type { EventBus } from '@baton/service-kit';

/** Someone with a task's comments open on this replica. */
export interface PresenceMember {
  email: string;
  /** Hands `{presence}` to this member's socket. */
  send(message: { presence: string[] }): void;
}

export interface PresenceTiming {
  /** How often a replica announces its members of each task it has sockets for. */
  heartbeatMs: number;
  /** A replica not heard from for this long no longer counts (it stopped without saying so). */
  expiryMs: number;
}

const defaultTiming: PresenceTiming = { heartbeatMs: 15_000, expiryMs: 40_000 };

interface Room {
  members: Set<PresenceMember>;
  /** What the other replicas last announced, and when. */
  remote: Map<string, { emails: string[]; heardAt: number }>;
  unsubscribe(): void;
  /** The list last sent to this replica's members, to send only changes. */
  shown: string;
}

/**
 * Who has each task's comments open, across every gateway replica, with nothing shared but core NATS
 * (`presenceSubject`): each replica announces the e-mails of its own members of a task whenever they change
 * and on a heartbeat, and tells its members the union whenever it changes.
 */
export class CommentPresence {
  private rooms = new Map<string, Room>();
  private heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private bus: EventBus,
    private timing: PresenceTiming = defaultTiming,
    readonly replica: string = randomUUID(),
  ) {
    this.heartbeat = setInterval(() => this.beat(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  join(taskId: string, member: PresenceMember) {
    let room = this.rooms.get(taskId);
    const first = !room;
    if (!room) {
      const sub = this.bus.subscribeCore(presenceSubject(taskId), (data) => this.heard(taskId, data));
      room = { members: new Set(), remote: new Map(), unsubscribe: sub.unsubscribe, shown: '' };
      this.rooms.set(taskId, room);
    }
    const before = this.localEmails(room);
    room.members.add(member);
    // A first member asks the other replicas to announce theirs at once, instead of at their next beat.
    if (first || this.localEmails(room).join() !== before.join()) this.announce(taskId, room, first);
    this.show(room, member);
  }

  leave(taskId: string, member: PresenceMember) {
    const room = this.rooms.get(taskId);
    if (!room?.members.delete(member)) return;
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
      this.announce(taskId, room);
    }
    this.rooms.clear();
  }

  private localEmails(room: Room) {
    return [...new Set([...room.members].map((m) => m.email))].sort();
  }

  private everyone(room: Room) {
    const emails = new Set(this.localEmails(room));
    for (const entry of room.remote.values()) for (const email of entry.emails) emails.add(email);
    return [...emails].sort();
  }

  private announce(taskId: string, room: Room, ask = false) {
    this.bus.publishCore(presenceSubject(taskId), {
      replica: this.replica,
      emails: this.localEmails(room),
      ...(ask ? { ask } : {}),
    });
  }

  /** Sends the list to `only`, or to every member when it changed since last sent. */
  private show(room: Room, only?: PresenceMember) {
    const presence = this.everyone(room);
    const text = presence.join();
    if (only && text === room.shown) return only.send({ presence });
    room.shown = text;
    for (const member of room.members) member.send({ presence });
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
