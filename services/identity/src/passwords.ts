import { identityMessages as m } from '@baton/contracts';
import { badRequest } from '@baton/service-kit';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const params = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, params);

/** zxcvbn with its common-password lists and English words, on this server (no network look-up). */
const strength = new ZxcvbnFactory({
  dictionary: { ...common, ...english },
  graphs: adjacencyGraphs,
  translations,
});
/**
 * How much of a password the estimate reads: its cost grows with length, and 64 characters of a pass-phrase
 * are enough to judge it (the hash takes all of it, untruncated).
 */
const judgedLength = 64;

/**
 * The hash of a new password (sign-up, reset, change), once it is found hard enough to guess: zxcvbn's
 * score 2 or more ("somewhat guessable" is refused), the person's own name and e-mail counting as known words.
 */
export async function hashNewPassword(password: string, personal: string[]) {
  const { score } = strength.check(password.slice(0, judgedLength), personal);
  if (score < 2) throw badRequest(m.passwordTooWeak);
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
