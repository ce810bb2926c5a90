import { describe, expect, it } from 'vitest';
import { badgeLabel } from './badge';

describe('badgeLabel (SPEC §9: capped at "99+")', () => {
  it('hides the badge when nothing is unread', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
  });

  it('shows the count up to 99, then "99+"', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12_345)).toBe('99+');
  });
});
