import { identityMessages as m } from '@baton/contracts';
import { passwordVerdict } from '@baton/contracts/password-strength';
import { badRequest } from '@baton/service-kit';
import { hash, verify } from '@node-rs/argon2';

/** What one argon2id hash costs: memory in KiB, passes over it, lanes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): what identity hashes with. */
export const owaspPasswordCost: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes passwords at `cost` (OWASP's unless a test asks for a cheaper one: tests sign up thousands of people,
 * and only timing and parameter tests need the real cost). A hash carries its cost, so any verifies.
 */
export function passwordHasher(cost: PasswordCost = owaspPasswordCost) {
  const hashPassword = (password: string) =>
    hash(password, { algorithm: 2 /* Algorithm.Argon2id, a const enum */, ...cost });
  let dummy: Promise<string> | undefined;
  return {
    hash: hashPassword,
    /**
     * The hash of a new password (sign-up, reset, change), once it is found hard enough to guess by the rule the
     * forms' live hint shares (`@baton/contracts/password-strength`), the person's own name and e-mail counting
     * as known words.
     */
    async hashNew(password: string, personal: string[]) {
      if (!passwordVerdict(password, personal).ok) throw badRequest(m.passwordTooWeak);
      return hashPassword(password);
    },
    verify: verifyPassword,
    /**
     * Hash of a random password at the same cost, verified when the e-mail is unknown, so that "no such user"
     * costs the same time as "wrong password" and login timing does not reveal which e-mails have accounts.
     */
    dummy() {
      dummy ??= hashPassword(`no-such-user-${Math.random()}`);
      return dummy;
    },
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;

export const verifyPassword = async (hashed: string, password: string) => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};
