import type { Mail } from '@baton/mailer';
import { describeAxeChecks, hrefsOf, linesOf } from '@baton/mailer/testing';
import { describe, expect, it } from 'vitest';
import { accountExistsMail, resetMail, trustInvitationMail, verifyMail } from './mails';

const reset = 'http://baton.test/reset-password?uid=u-1&token=t-1';
const verify = 'http://baton.test/verify-email?token=t-2';
const signup = 'http://baton.test/signup';
const login = 'http://baton.test/login';
const forgot = 'http://baton.test/forgot-password';
const inviter = { first_name: 'Olive', last_name: 'Owner', email: 'olive@example.com' };

/** Each mail with the links it must carry and a sentence of its text part. */
const cases: [string, () => Promise<Mail>, string[], string][] = [
  [
    'reset',
    () => resetMail('ada@example.com', reset, 30, 'en'),
    [reset],
    'Set a new password here (the link works once and expires in 30 minutes):',
  ],
  [
    'trust invitation',
    () => trustInvitationMail('new@example.com', inviter, signup, 'en'),
    [signup],
    'Olive Owner (olive@example.com) added you as a trusted user on Baton, the team task app.',
  ],
  [
    'verify',
    () => verifyMail('ada@example.com', 'Ada', verify, 24, 'en'),
    [verify],
    'Confirm that this address is yours (the link works once and expires in 24 hours):',
  ],
  [
    'account exists',
    () => accountExistsMail('ada@example.com', login, forgot, 'en'),
    [login, forgot],
    'Forgot your password? Set a new one (this also confirms the address is yours):',
  ],
];

describe('identity mails', () => {
  it.each(cases)(
    '%s: HTML and text, every link in both (alone on its line in text), no List-Unsubscribe',
    async (_, make, links, sentence) => {
      const mail = await make();
      expect(mail.html).toContain('<h1');
      expect(hrefsOf(mail.html ?? '')).toEqual(expect.arrayContaining(links));
      expect(linesOf(mail.text)).toEqual(expect.arrayContaining([...links, sentence]));
      // The first address in the text part is the mail's main link (what people and tests copy).
      expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(links[0]);
      expect(mail.headers).toBeUndefined();
    },
  );

  it('keeps the subjects', async () => {
    expect((await resetMail('a@example.com', reset, 30, 'en')).subject).toBe('Reset your Baton password');
    expect((await trustInvitationMail('a@example.com', inviter, signup, 'en')).subject).toBe(
      'Olive Owner invited you to Baton',
    );
    expect((await verifyMail('a@example.com', 'Ada', verify, 24, 'en')).subject).toBe(
      'Confirm your e-mail address for Baton',
    );
    expect((await accountExistsMail('a@example.com', login, forgot, 'en')).subject).toBe(
      'You already have a Baton account',
    );
  });

  it('shows names as text', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const mails = [
      await verifyMail('a@example.com', evil, verify, 24, 'en'),
      await trustInvitationMail('a@example.com', { ...inviter, first_name: evil }, signup, 'en'),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.text).toContain(evil);
    }
  });

  describeAxeChecks(cases);
});
