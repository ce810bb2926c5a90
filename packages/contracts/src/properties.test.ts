import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allRoutes, createFolderRequest, email, emailPattern } from './index';

describe('properties', () => {
  it('every string the e-mail schema accepts matches the pattern, is trimmed and lower-case', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (raw) => {
        const parsed = email.safeParse(raw);
        if (!parsed.success) return;
        expect(emailPattern.test(parsed.data)).toBe(true);
        expect(parsed.data).toBe(parsed.data.trim().toLowerCase());
      }),
    );
  });

  it('generated addresses of a plausible shape are accepted', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        fc.pre(address.includes('.', address.indexOf('@')) && address.length <= 254);
        expect(email.safeParse(address).success).toBe(true);
      }),
    );
  });

  it('every route body schema answers any JSON with an object or with sentences to show', () => {
    const bodies = allRoutes.flatMap((route) =>
      route.body ? [[`${route.method} ${route.path}`, route.body] as const] : [],
    );
    expect(bodies.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const [name, schema] of bodies) {
          const parsed = schema.safeParse(value);
          if (parsed.success) {
            expect(typeof parsed.data, name).toBe('object');
            expect(parsed.data, name).not.toBeNull();
          } else {
            expect(parsed.error.issues.length, name).toBeGreaterThan(0);
            for (const issue of parsed.error.issues) expect(issue.message, name).toMatch(/\S/);
          }
        }
      }),
    );
  });

  it('a folder takes exactly the sort orders its integer column holds', () => {
    const sortOrder = (n: number) => createFolderRequest.safeParse({ name: 'F', sort_order: n });
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger(), fc.maxSafeNat()), (n) => {
        const fits = Number.isInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1;
        expect(sortOrder(n).success, String(n)).toBe(fits);
      }),
    );
    expect(sortOrder(2 ** 31 - 1).success).toBe(true);
    expect(sortOrder(2 ** 31).success).toBe(false);
    expect(sortOrder(-(2 ** 31)).success).toBe(true);
    expect(sortOrder(-(2 ** 31) - 1).success).toBe(false);
  });
});
