import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { email, emailPattern, loginRequest, signupRequest } from './index';

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

  it('request schemas never throw, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => loginRequest.safeParse(value)).not.toThrow();
        expect(() => signupRequest.safeParse(value)).not.toThrow();
      }),
    );
  });
});
