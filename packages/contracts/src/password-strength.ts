/**
 * The one password-strength rule, for identity (which refuses weak passwords) and for the forms' live hint
 * (which load this module lazily: its dictionaries weigh ~1.5 MB). Sharing the module, not a copy of its
 * options, keeps the two verdicts the same.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';

/**
 * zxcvbn with its common-password lists and English words, run locally (no network look-up). Its l33t matcher
 * tries every mix of the substitutions a password's digits and symbols allow, up to `l33tMaxSubstitutions`
 * (zxcvbn-ts's guard against that explosion, 100 by default): at 100 a 26-character pass-phrase with a few
 * digits took about 250 ms of a core to judge, at every sign-up and every keystroke of the forms' hint; at 15,
 * 25 ms, with the same verdicts (passwords.test.ts).
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common, ...english },
  graphs: adjacencyGraphs,
  translations,
  l33tMaxSubstitutions: 15,
});

/**
 * How much of a password the estimate reads: its cost grows with length, and 64 characters of a pass-phrase
 * are enough to judge it (the hash takes all of it, untruncated).
 */
export const judgedLength = 64;

/** zxcvbn's score from which a password is accepted: 2; "somewhat guessable" (1) and below are refused. */
export const minimumScore = 2;

export interface PasswordVerdict {
  /** Hard enough to guess for identity to accept it. */
  ok: boolean;
  /** zxcvbn's score, 0 (trivial) to 4. */
  score: number;
  /** zxcvbn's English feedback: what makes it weak, and what would help. */
  warning: string | null;
  suggestions: string[];
}

/** The verdict on `password`, the person's own name and e-mail (`personal`) counting as known words. */
export function passwordVerdict(password: string, personal: readonly string[] = []): PasswordVerdict {
  const { score, feedback } = zxcvbn.check(password.slice(0, judgedLength), [...personal]);
  return { ok: score >= minimumScore, score, ...feedback };
}
