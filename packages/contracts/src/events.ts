import { z } from 'zod';
import { isoDateTime, uuid } from './common';
import { folder } from './folders';
import { language, timezone } from './preferences';
import { comment, task } from './tasks';

/** JetStream streams and the subjects each one holds. */
export const streams = {
  IDENTITY: ['identity.>'],
  TASKS: ['tasks.>'],
  FOLDERS: ['folders.>'],
  NOTIFICATIONS: ['notifications.>'],
} as const;
export type StreamName = keyof typeof streams;

const userRef = z.object({ userId: uuid, email: z.string() });
const taskEvent = z.object({ task });

/** Every event subject and the schema of its `data`. */
export const eventPayloads = {
  /**
   * `emailVerified` false until the person follows the mailed link (events before it existed: true);
   * `language` the one they signed up in, for their first mails (absent on events before it existed).
   */
  'identity.user.created': userRef.extend({
    firstName: z.string(),
    lastName: z.string(),
    emailVerified: z.boolean().default(true),
    language: language.optional(),
  }),
  /** The person proved their address: tasks and trust waiting for it reach them now. */
  'identity.user.verified': userRef,
  'identity.user.deleted': userRef,
  /** Sessions that ended: their access tokens must be refused everywhere until they expire. */
  'identity.session.revoked': z.object({
    userId: uuid,
    sessionIds: z.array(uuid).min(1),
    reason: z.string(),
  }),
  'identity.trust.added': z.object({ ownerId: uuid, trustedUserId: uuid, trustedEmail: z.string() }),
  'identity.trust.removed': z.object({ ownerId: uuid, trustedUserId: uuid }),
  'tasks.task.created': taskEvent,
  'tasks.task.updated': taskEvent,
  'tasks.task.deleted': z.object({ taskId: uuid, title: z.string() }),
  'tasks.task.completed': taskEvent,
  'tasks.task.reopened': taskEvent,
  'tasks.task.progress': z.object({
    taskId: uuid,
    title: z.string(),
    progress: z.number().int(),
    message: z.string(),
  }),
  'tasks.task.assigned': z.object({ task, recipientEmail: z.string(), recipientId: uuid.nullable() }),
  'tasks.task.invited': z.object({ task, recipientEmail: z.string(), recipientId: uuid.nullable() }),
  'tasks.task.accepted': z.object({
    taskId: uuid,
    title: z.string(),
    userId: uuid,
    role: z.enum(['invite', 'assign']),
  }),
  /** The recipient declined: the task is the delegator's again, marked with who declined and why. */
  'tasks.task.declined': z.object({ task, recipientId: uuid, recipientName: z.string(), reason: z.string() }),
  /** The recipient proposed another due date; the delegator answers. */
  'tasks.task.date_proposed': z.object({ task, recipientId: uuid, dueDate: z.string(), note: z.string() }),
  /** The delegator answered a proposal (`task` carries the due date that holds now). */
  'tasks.task.proposal_answered': z.object({
    task,
    recipientId: uuid,
    accepted: z.boolean(),
    dueDate: z.string(),
  }),
  /**
   * The delegator handed the task to someone else (or took it back: `recipientEmail` null); the previous
   * recipient, if any, is told their copy went away.
   */
  'tasks.task.reassigned': z.object({
    task,
    previousRecipientId: uuid.nullable(),
    previousEmail: z.string().nullable(),
    recipientId: uuid.nullable(),
    recipientEmail: z.string().nullable(),
  }),
  /** The delegator nudged the recipient about an open task. */
  'tasks.task.nudged': z.object({ task, recipientId: uuid.nullable(), recipientEmail: z.string() }),
  /** A task let go of an attached file (replaced, removed, or the task deleted): files deletes it. */
  'tasks.attachment.detached': z.object({ taskId: uuid, key: z.string() }),
  'tasks.comment.created': z.object({ taskId: uuid, taskTitle: z.string(), comment }),
  /**
   * tasks applied a folder event to its lists (a folder made, renamed, recoloured or deleted, tasks filed):
   * the audience fetches lists and folders again (`folders_changed` on /ws/tasks/, from notifications).
   */
  'tasks.folders.changed': z.object({}),
  'folders.folder.created': z.object({ folder }),
  'folders.folder.updated': z.object({ folder }),
  'folders.folder.deleted': z.object({ folderId: uuid }),
  'folders.tasks.attached': z.object({ folderId: uuid, taskIds: z.array(uuid) }),
  /** Which tasks a person's folders hold, or how many are open, changed: they fetch their folders again. */
  'folders.counts.changed': z.object({}),
  /** A folder let go of its base file (replaced, removed, or the folder deleted): files deletes it. */
  'folders.basefile.detached': z.object({ folderId: uuid, key: z.string() }),
  /**
   * The person's language or time zone changed in their preferences: tasks writes its mails in that language
   * and reads "today" in that zone (the list filters) from now on.
   */
  'notifications.preferences.changed': z.object({ userId: uuid, language, timezone }),
} as const;
export type EventSubject = keyof typeof eventPayloads;
export type EventData<S extends EventSubject> = z.infer<(typeof eventPayloads)[S]>;

export const eventEnvelope = z.object({
  id: uuid,
  type: z.string(),
  occurredAt: isoDateTime,
  actorId: uuid.nullable(),
  audience: z.array(uuid),
  data: z.unknown(),
});
export type EventEnvelope<S extends EventSubject = EventSubject> = Omit<
  z.infer<typeof eventEnvelope>,
  'type' | 'data'
> & { type: S; data: EventData<S> };

/** Parses an envelope and its payload against the subject's schema; throws on a mismatch. */
export function parseEvent<S extends EventSubject>(subject: S, raw: unknown): EventEnvelope<S> {
  const envelope = eventEnvelope.parse(raw);
  if (envelope.type !== subject) throw new Error(`event type ${envelope.type} arrived on ${subject}`);
  return { ...envelope, type: subject, data: eventPayloads[subject].parse(envelope.data) as EventData<S> };
}

/**
 * The longest an access token may live (identity refuses a longer ACCESS_TOKEN_TTL_SECONDS): how far back
 * a verifier replays `identity.session.revoked` when it starts, and how long it remembers a revocation.
 */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 3_600;

/** Core (non-stream) subject on which a user's live messages reach whichever gateway holds their sockets. */
export const pushSubject = (userId: string) => `push.user.${userId}`;
