import { identityMessages as m } from '@baton/contracts';
import { passwordVerdict } from '@baton/contracts/password-strength';
import { describe, expect, it } from 'vitest';
import { hashNewPassword, verifyPassword } from './passwords';

const ada = ['ada@example.com', 'Ada', 'Lovelace'];

/** What the server does with a new password: accepts it (a hash) or refuses it as too weak. */
const serverAccepts = (password: string, personal: string[]) =>
  hashNewPassword(password, personal).then(
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
    // Past the 64 characters judged, the rest does not count.
    [`${'a'.repeat(64)}correct-horse-battery-staple-91`, [], false],
  ])('%j (personal words: %j) -> accepted: %s', async (password, personal, ok) => {
    expect(passwordVerdict(password, personal).ok).toBe(ok);
    expect(await serverAccepts(password, personal)).toBe(ok);
  });

  it('hashes an accepted password with argon2id, verifiable', async () => {
    const hash = await hashNewPassword('correct-horse-battery-staple-91', []);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct-horse-battery-staple-91')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery-staple-92')).toBe(false);
  });
});
