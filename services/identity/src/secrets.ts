import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A random URL-safe secret of 256 bits (refresh tokens, reset tokens). */
export const randomSecret = () => randomBytes(32).toString('base64url');

/** Secrets are stored only as SHA-256; they are random and long, so a slow hash adds nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The refresh token that rotating `refresh` issues: derived, so that it can be given again unstored. */
export const successorOf = (key: Buffer, refresh: string) =>
  createHmac('sha256', key).update(refresh).digest('base64url');
