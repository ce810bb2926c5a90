import { identityMessages as m } from '@baton/contracts';
import { passwordVerdict } from '@baton/contracts/password-strength';
import { badRequest } from '@baton/service-kit';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const params = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, params);

/**
 * The hash of a new password (sign-up, reset, change), once it is found hard enough to guess by the rule the
 * forms' live hint shares (`@baton/contracts/password-strength`), the person's own name and e-mail counting
 * as known words.
 */
export async function hashNewPassword(password: string, personal: string[]) {
  if (!passwordVerdict(password, personal).ok) throw badRequest(m.passwordTooWeak);
  return hashPassword(password);
}

export const verifyPassword = async (hashed: string, password: string) => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};

/**
 * Hash of a random password, verified when the e-mail is unknown, so that "no such user" costs the
 * same time as "wrong password" and login timing does not reveal which e-mails have accounts.
 */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
};
