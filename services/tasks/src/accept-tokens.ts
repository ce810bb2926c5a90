import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TasksConfig } from './config';
import type { TasksDb } from './context';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `uidb64` of an accept link: the recipient's user id, base64url. */
export const encodeUid = (userId: string) => Buffer.from(userId).toString('base64url');
export function decodeUid(uidb64: string) {
  const decoded = Buffer.from(uidb64, 'base64url').toString('utf8');
  return Buffer.from(decoded).toString('base64url') === uidb64 ? decoded : null;
}

/** A new accept link for `email` on `taskId` (256 random bits; only the hash is stored). */
export async function issueAcceptLink(
  trx: TasksDb,
  config: TasksConfig,
  grant: { taskId: string; email: string; userId: string; role: 'assign' | 'invite' },
) {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('accept_tokens')
    .values({
      token_hash: sha256(token),
      task_id: grant.taskId,
      email: grant.email,
      expires_at: new Date(Date.now() + config.ACCEPT_TOKEN_TTL_DAYS * 86_400_000),
      used_at: null,
    })
    .execute();
  const link = new URL('/accept-task', config.PUBLIC_URL);
  link.search = new URLSearchParams({
    uidb64: encodeUid(grant.userId),
    token,
    taskId: grant.taskId,
    action: `${grant.role}_accept`,
  }).toString();
  return link.toString();
}

export const hashToken = sha256;
export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
