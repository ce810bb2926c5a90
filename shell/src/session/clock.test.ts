import { renewAheadMs } from '@baton/web-platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondsLeft, sessionPhase } from './clock';

const minute = 60_000;
const now = 1_800_000_000_000;

describe('session rules', () => {
  it('is idle after 15 minutes without activity, not a moment before', () => {
    const expiresAt = now + 30 * minute;
    const facts = { now, expiresAt, renewAheadMs: 15 * minute, refreshFailed: false };
    expect(sessionPhase({ ...facts, lastActive: now - 15 * minute + 1 })).toBe('active');
    expect(sessionPhase({ ...facts, lastActive: now - 15 * minute })).toBe('idle');
  });

  it('logs out at exp, and at once when exp is already past', () => {
    expect(
      sessionPhase({ now, lastActive: now, expiresAt: now, renewAheadMs: minute, refreshFailed: false }),
    ).toBe('expired');
    expect(
      sessionPhase({ now, lastActive: now, expiresAt: now - 1, renewAheadMs: minute, refreshFailed: false }),
    ).toBe('expired');
  });

  it('renews an active session renewAheadMs before exp, and warns when renewing failed', () => {
    const facts = { now, lastActive: now - minute, expiresAt: now + 59_000, renewAheadMs: minute };
    expect(sessionPhase({ ...facts, expiresAt: now + minute + 1, refreshFailed: false })).toBe('active');
    expect(sessionPhase({ ...facts, refreshFailed: false })).toBe('refresh');
    expect(sessionPhase({ ...facts, refreshFailed: true })).toBe('expiring');
  });

  it('sets no expiry rule when the token cannot be parsed', () => {
    expect(
      sessionPhase({ now, lastActive: now, expiresAt: null, renewAheadMs: 0, refreshFailed: true }),
    ).toBe('active');
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
            renewAheadMs: 15 * minute,
            refreshFailed,
          });
          if (expiresIn <= 0) expect(phase).toBe('expired');
          if (idleFor >= 15 * minute) expect(phase).not.toBe('refresh');
        },
      ),
    );
  });

  it("with identity's 30-minute tokens, the idle modal always has 15 to 30 minutes left to count down", () => {
    const second = 1000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 * 60 }), (activeForSeconds) => {
        let token = { issuedAt: 0, expiresAt: 30 * minute };
        for (let at = 0; ; at += second) {
          const phase = sessionPhase({
            now: at,
            lastActive: Math.min(at, activeForSeconds * second),
            expiresAt: token.expiresAt,
            renewAheadMs: renewAheadMs(token),
            refreshFailed: false,
          });
          if (phase === 'refresh') token = { issuedAt: at, expiresAt: at + 30 * minute };
          if (phase === 'idle') {
            expect(token.expiresAt - at).toBeGreaterThanOrEqual(15 * minute - second);
            expect(token.expiresAt - at).toBeLessThanOrEqual(30 * minute);
            return;
          }
          expect(phase).not.toBe('expired');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('renews half-way through a short token, at most 15 minutes before exp', () => {
    expect(renewAheadMs({ issuedAt: 0, expiresAt: 10 * minute })).toBe(5 * minute);
    expect(renewAheadMs({ issuedAt: 0, expiresAt: 60 * minute })).toBe(15 * minute);
    expect(renewAheadMs({ issuedAt: null, expiresAt: 60 * minute })).toBe(minute);
  });

  it('counts down in whole seconds', () => {
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1000, now)).toBe(1);
    expect(secondsLeft(now - 5, now)).toBe(0);
  });
});
