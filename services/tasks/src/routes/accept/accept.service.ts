import { createHash, randomBytes } from 'node:crypto';
import { type AcceptTaskRequest, type activateParams, priorities, routes } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import { type AuthContext, conflict, enqueueEvent, HttpError, notFound } from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs } from '../../access';
import type { TasksConfig } from '../../config';
import type { TasksDeps, TasksTrx } from '../../context';
import { audienceOf, taskView } from '../tasks/tasks.repository';
import {
  acceptGrant,
  declinerOf,
  insertAcceptToken,
  markAccepted,
  useAcceptTokens,
} from './accept.repository';

export const acceptMessages = {
  otherAccount: 'This link is for another account.',
  notYours: 'You can only accept tasks for your own account.',
  accepted: 'Task accepted.',
  acceptedTrusted: 'Task accepted. The sender is now one of your trusted users.',
  trustFailed: 'Task accepted, but the sender could not be added to your trusted users.',
  already: 'This task was already accepted.',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `uidb64` of an accept link: the recipient's user id, base64url. */
export const encodeUid = (userId: string) => Buffer.from(userId).toString('base64url');
export function decodeUid(uidb64: string) {
  const decoded = Buffer.from(uidb64, 'base64url').toString('utf8');
  return Buffer.from(decoded).toString('base64url') === uidb64 ? decoded : null;
}

/** A new accept link for `email` on `taskId` (256 random bits; only the hash is stored). */
export async function issueAcceptLink(
  trx: TasksTrx,
  config: TasksConfig,
  grant: { taskId: string; email: string; userId: string; role: 'assign' | 'invite' },
) {
  const token = randomBytes(32).toString('base64url');
  await insertAcceptToken(trx, {
    token_hash: sha256(token),
    task_id: grant.taskId,
    email: grant.email,
    expires_at: new Date(Date.now() + config.ACCEPT_TOKEN_TTL_DAYS * 86_400_000),
    used_at: null,
  });
  const link = new URL(pagePaths.acceptTask, config.PUBLIC_URL);
  link.search = new URLSearchParams({
    uidb64: encodeUid(grant.userId),
    token,
    taskId: grant.taskId,
    action: `${grant.role}_accept`,
  }).toString();
  return link.toString();
}

/**
 * What an accept link is now (SPEC §2 Accept-task page): `valid` with its task, `accepted`, `expired`,
 * `declined` (its recipient declined the task since), or `invalid`; the right link opened by someone else is
 * a 403 (the page offers to sign out and continue as the recipient).
 */
export async function readAcceptLink(
  deps: TasksDeps,
  me: AuthContext,
  params: z.output<typeof activateParams>,
) {
  const answer = (status: 'accepted' | 'expired' | 'invalid' | 'declined') => ({ status });
  const grant = await acceptGrant(deps.db, sha256(params.token));
  if (!grant || grant.task_id !== params.taskId) return answer('invalid');
  const row = await taskView(deps.db, params.taskId);
  const role = params.action === 'assign_accept' ? 'assign' : 'invite';
  // Its recipient declined it: the link says so to them (the task is not theirs any more).
  if (row && !row.recipient_email && row.declined_by_email === grant.email) {
    const decliner = await declinerOf(deps.db, row.id);
    if (!decliner || decodeUid(params.uidb64) !== decliner) return answer('invalid');
    if (decliner !== me.userId) throw new HttpError(403, 'forbidden', acceptMessages.otherAccount);
    return answer('declined');
  }
  if (!row || row.kind !== role || row.recipient_email !== grant.email || !row.recipient_id)
    return answer('invalid');
  if (decodeUid(params.uidb64) !== row.recipient_id) return answer('invalid');
  if (row.recipient_id !== me.userId) throw new HttpError(403, 'forbidden', acceptMessages.otherAccount);
  if (grant.used_at || row.accepted_at) return answer('accepted');
  if (grant.expires_at <= new Date()) return answer('expired');
  return {
    status: 'valid' as const,
    task: {
      title: row.title,
      description: row.description,
      owner: row.owner_email,
      deadline: row.due_date,
      priority: priorities.indexOf(row.priority),
    },
  };
}

/** The recipient accepts (SPEC §4, §7 Accepting), and with `trusted` trusts the sender from now on. */
export async function acceptTask(deps: TasksDeps, me: AuthContext, body: AcceptTaskRequest) {
  if (body.user_email.toLowerCase() !== me.email.toLowerCase())
    throw new HttpError(403, 'forbidden', acceptMessages.notYours);
  const row = await taskView(deps.db, body.task_id);
  if (!row || row.recipient_id !== me.userId || row.kind !== body.role) throw notFound('Task not found.');
  // One accept per recipient, however many arrive at once: the update only matches while pending.
  const accepted = await deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    if (!(await markAccepted(trx, row.id, me.userId))) return false;
    await useAcceptTokens(trx, row.id);
    await enqueueEvent(trx, 'tasks.task.accepted', {
      actorId: me.userId,
      audience: audienceOf(row),
      data: { taskId: row.id, title: row.title, userId: me.userId, role: body.role },
    });
    return true;
  });
  if (!accepted) throw conflict(acceptMessages.already);
  if (!body.trusted) return { message: acceptMessages.accepted };
  // Trust lives in identity: ask it on the person's behalf, with their own token.
  const trust = await deps
    .identity(routes.trustOrInvite.path, {
      method: routes.trustOrInvite.method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${me.token}` },
      body: JSON.stringify({ trusted_email: row.owner_email }),
    })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'adding a trusted user through identity failed');
      return null;
    });
  // 409: the sender was trusted already, which is what the person asked for.
  const trustedNow = trust !== null && (trust.ok || trust.status === 409);
  return { message: trustedNow ? acceptMessages.acceptedTrusted : acceptMessages.trustFailed };
}
