import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subjectMatches } from './bus';

const token = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
const subject = fc.array(token, { minLength: 1, maxLength: 5 }).map((t) => t.join('.'));

describe('subjectMatches (properties)', () => {
  it('a subject matches itself, and `>` after any proper prefix', () => {
    fc.assert(
      fc.property(subject, (s) => {
        expect(subjectMatches(s, s)).toBe(true);
        const parts = s.split('.');
        for (let i = 0; i < parts.length; i++) {
          expect(subjectMatches([...parts.slice(0, i), '>'].join('.'), s)).toBe(true);
        }
      }),
    );
  });

  it('`*` stands for exactly one token', () => {
    fc.assert(
      fc.property(subject, fc.nat(4), (s, at) => {
        const parts = s.split('.');
        const i = at % parts.length;
        const filter = parts.map((p, j) => (j === i ? '*' : p)).join('.');
        expect(subjectMatches(filter, s)).toBe(true);
        expect(subjectMatches(filter, `${s}.extra`)).toBe(false);
      }),
    );
  });
});
