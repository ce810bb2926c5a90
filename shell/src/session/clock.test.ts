import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondsLeft, sessionPhase } from './clock';

const minute = 60_000;
const now = 1_800_000_000_000;

describe('session rules', () => {
  it('is idle after 15 minutes without activity, not a moment before', () => {
    const expiresAt = now + 30 * minute;
    const facts = { now, expiresAt, refreshFailed: false };
    expect(sessionPhase({ ...facts, lastActive: now - 15 * minute + 1 })).toBe('active');
    expect(sessionPhase({ ...facts, lastActive: now - 15 * minute })).toBe('idle');
  });

  it('logs out at exp, and at once when exp is already past', () => {
    expect(sessionPhase({ now, lastActive: now, expiresAt: now, refreshFailed: false })).toBe('expired');
    expect(sessionPhase({ now, lastActive: now, expiresAt: now - 1, refreshFailed: false })).toBe('expired');
  });

  it('renews an active session in the last minute, and warns when renewing failed', () => {
    const facts = { now, lastActive: now - minute, expiresAt: now + 59_000 };
    expect(sessionPhase({ ...facts, refreshFailed: false })).toBe('refresh');
    expect(sessionPhase({ ...facts, refreshFailed: true })).toBe('expiring');
  });

  it('sets no expiry rule when the token cannot be parsed', () => {
    expect(sessionPhase({ now, lastActive: now, expiresAt: null, refreshFailed: true })).toBe('active');
  });

  it('never lets a session outlive its token, and never renews an idle one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * minute }),
        fc.integer({ min: -60 * minute, max: 60 * minute }),
        fc.boolean(),
        (idleFor, expiresIn, refreshFailed) => {
          const phase = sessionPhase({
            now,
            lastActive: now - idleFor,
            expiresAt: now + expiresIn,
            refreshFailed,
          });
          if (expiresIn <= 0) expect(phase).toBe('expired');
          if (idleFor >= 15 * minute) expect(phase).not.toBe('refresh');
        },
      ),
    );
  });

  it('counts down in whole seconds', () => {
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1000, now)).toBe(1);
    expect(secondsLeft(now - 5, now)).toBe(0);
  });
});
