import { identityMessages as m } from '@baton/contracts';
import { passwordVerdict } from '@baton/contracts/password-strength';
import { describe, expect, it } from 'vitest';
import { owaspPasswordCost, passwordHasher, verifyPassword } from './passwords';
import { testPasswordCost } from './testing';

const ada = ['ada@example.com', 'Ada', 'Lovelace'];
const cheap = passwordHasher(testPasswordCost);

/** What the server does with a new password: accepts it (a hash) or refuses it as too weak. */
const serverAccepts = (password: string, personal: string[]) =>
  cheap.hashNew(password, personal).then(
    () => true,
    (error: Error) => {
      expect(error.message).toBe(m.passwordTooWeak);
      return false;
    },
  );

describe('the strength rule the forms show live is the one the server applies', () => {
  it.each([
    ['password', [], false],
    ['iloveyou2', [], false],
    ['abcdefgh', [], false],
    ['Summer2024!', [], true],
    ['Lovelace1815', [], true],
    ['Lovelace1815', ada, false],
    ['correct-horse-battery-staple-91', ada, true],
    // Common words behind l33t substitutions are still found (the matcher's substitutions are capped).
    ['p4$$w0rd', [], false],
    ['L0v3l4c3!', ada, false],
    ['Tr0ub4dor&3', [], true],
    // Past the 64 characters judged, the rest does not count.
    [`${'a'.repeat(64)}correct-horse-battery-staple-91`, [], false],
  ])('%j (personal words: %j) -> accepted: %s', async (password, personal, ok) => {
    expect(passwordVerdict(password, personal).ok).toBe(ok);
    expect(await serverAccepts(password, personal)).toBe(ok);
  });

  it("hashes an accepted password with argon2id at OWASP's minimum cost unless told otherwise, verifiable", async () => {
    expect(owaspPasswordCost).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await passwordHasher().hashNew('correct-horse-battery-staple-91', []);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct-horse-battery-staple-91')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery-staple-92')).toBe(false);
  });

  it("verifies a hash of any cost, and fakes an unknown account's hash at its own cost", async () => {
    const hash = await cheap.hashNew('correct-horse-battery-staple-91', []);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await passwordHasher().verify(hash, 'correct-horse-battery-staple-91')).toBe(true);
    expect(await cheap.dummy()).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await passwordHasher().dummy()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
