import { makeUser, signUp } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestIdentity } from './testing';

const ctx = useTestIdentity();

/** The app's requests from a browser whose screens are in `language` (the front end sends it on each one). */
const from =
  (acceptLanguage: string) =>
  (path: string, init: RequestInit = {}) =>
    ctx.t.request(path, { ...init, headers: { ...init.headers, 'accept-language': acceptLanguage } });

/** identity keeps no language: each mail is in the language of the request that caused it (over real SMTP). */
describe('mails in the language of the request', () => {
  it('a sign-up from a German browser gets a German confirmation; an English one an English one', async () => {
    const german = makeUser();
    const english = makeUser();
    await signUp(from('de-DE,de;q=0.9,en;q=0.8'), german);
    await signUp(from('en-GB,en;q=0.9'), english);
    const deMail = await ctx.t.smtp.waitFor(german.email);
    const enMail = await ctx.t.smtp.waitFor(english.email);
    expect(deMail.subject).toBe('Bestätige deine E-Mail-Adresse für Baton');
    expect(deMail.text).toContain(`Hallo ${german.firstname},`);
    expect(deMail.html).toMatch(/<html[^>]* lang="de"/);
    expect(deMail.text).not.toMatch(/Confirm|You got this mail/);
    expect(enMail.subject).toBe('Confirm your e-mail address for Baton');
    expect(enMail.html).toMatch(/<html[^>]* lang="en"/);
  });

  it('a reset asked for in German comes in German, whatever language the sign-up had', async () => {
    const user = await signUp(from('en'));
    const before = ctx.t.smtp.mails.length;
    const res = await from('de')('/api/auth/password-reset/request/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    const mail = await ctx.t.smtp.waitFor(user.email, {
      match: (m) => ctx.t.smtp.mails.indexOf(m) >= before && m.text.includes('/reset-password'),
    });
    expect(mail.subject).toBe('Setz dein Baton-Passwort zurück');
    expect(mail.html).toContain('Neues Passwort festlegen');
    expect(mail.text).toContain('Leg hier ein neues Passwort fest');
  });

  it('without a language Baton speaks, mails are in English', async () => {
    const user = makeUser();
    await signUp(from('fr-FR,fr;q=0.9'), user);
    expect((await ctx.t.smtp.waitFor(user.email)).subject).toBe('Confirm your e-mail address for Baton');
  });
});
