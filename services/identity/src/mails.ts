import { defineMailMessages, type Language, type Mail, noticeMail } from '@baton/mailer';

/**
 * identity's mails, in the language of the request that caused them (`Accept-Language`, which the app sends
 * as the language its screens are in): identity keeps no language of its own, and a sign-up or a reset comes
 * from the person's own browser. A trust invitation goes to someone without an account: it is in the
 * inviter's language.
 */
const mailT = defineMailMessages('identity', {
  en: {
    resetAsked: 'Someone asked to reset the password of your Baton account.',
    resetSubject: 'Reset your Baton password',
    resetHeading: 'Reset your password',
    resetReason:
      'You got this mail because someone asked to reset the password of the Baton account with this address.',
    resetHere: 'Set a new password here (the link works once and expires in {{minutes}} minutes):',
    resetAction: 'Set a new password',
    resetNotYou: 'If it was not you, ignore this mail: your password stays as it is.',
    inviteSubject: '{{name}} invited you to Baton',
    inviteAdded: '{{name}} ({{email}}) added you as a trusted user on Baton, the team task app.',
    inviteReason: 'You got this mail because {{name}} added this address to their trusted users on Baton.',
    inviteCreate: 'Create your account to receive and hand over tasks:',
    createAccount: 'Create your account',
    verifySubject: 'Confirm your e-mail address for Baton',
    verifyPreview: 'Confirm that this address is yours.',
    verifyHeading: 'Confirm your e-mail address',
    verifyReason: 'You got this mail because this address was used to sign up for Baton.',
    hello: 'Hello {{name}},',
    verifyHere: 'Confirm that this address is yours (the link works once and expires in {{hours}} hours):',
    verifyAction: 'Confirm my address',
    verifyWhy: 'Tasks that others send to this address reach your account once it is confirmed.',
    verifyNotYou: 'If you did not sign up for Baton, ignore this mail.',
    existsSubject: 'You already have a Baton account',
    existsTried: 'Someone tried to create a Baton account with this address, which already has one.',
    existsReason: 'You got this mail because someone tried to sign up for Baton with this address.',
    existsSignIn: 'If it was you, sign in:',
    signIn: 'Sign in',
    existsForgot: 'Forgot your password? Set a new one (this also confirms the address is yours):',
    existsNotYou: 'If it was not you, ignore this mail: nothing has changed.',
  },
  de: {
    resetAsked: 'Jemand möchte das Passwort deines Baton-Kontos zurücksetzen.',
    resetSubject: 'Setz dein Baton-Passwort zurück',
    resetHeading: 'Passwort zurücksetzen',
    resetReason:
      'Du bekommst diese Mail, weil jemand das Passwort des Baton-Kontos mit dieser Adresse zurücksetzen möchte.',
    resetHere:
      'Leg hier ein neues Passwort fest (der Link funktioniert einmal und läuft in {{minutes}} Minuten ab):',
    resetAction: 'Neues Passwort festlegen',
    resetNotYou: 'Warst du das nicht, ignorier diese Mail: Dein Passwort bleibt, wie es ist.',
    inviteSubject: '{{name}} hat dich zu Baton eingeladen',
    inviteAdded:
      '{{name}} ({{email}}) hat dich auf Baton, der Aufgaben-App für Teams, als vertraute Person hinzugefügt.',
    inviteReason:
      'Du bekommst diese Mail, weil {{name}} diese Adresse auf Baton zu den vertrauten Personen hinzugefügt hat.',
    inviteCreate: 'Leg dein Konto an, um Aufgaben zu bekommen und abzugeben:',
    createAccount: 'Konto anlegen',
    verifySubject: 'Bestätige deine E-Mail-Adresse für Baton',
    verifyPreview: 'Bestätige, dass diese Adresse dir gehört.',
    verifyHeading: 'Bestätige deine E-Mail-Adresse',
    verifyReason: 'Du bekommst diese Mail, weil sich jemand mit dieser Adresse bei Baton registriert hat.',
    hello: 'Hallo {{name}},',
    verifyHere:
      'Bestätige, dass diese Adresse dir gehört (der Link funktioniert einmal und läuft in {{hours}} Stunden ab):',
    verifyAction: 'Meine Adresse bestätigen',
    verifyWhy:
      'Aufgaben, die andere an diese Adresse schicken, landen in deinem Konto, sobald sie bestätigt ist.',
    verifyNotYou: 'Hast du dich nicht bei Baton registriert, ignorier diese Mail.',
    existsSubject: 'Du hast schon ein Baton-Konto',
    existsTried: 'Jemand wollte mit dieser Adresse ein Baton-Konto anlegen, aber es gibt schon eines.',
    existsReason:
      'Du bekommst diese Mail, weil sich jemand mit dieser Adresse bei Baton registrieren wollte.',
    existsSignIn: 'Warst du das, melde dich an:',
    signIn: 'Anmelden',
    existsForgot: 'Passwort vergessen? Leg ein neues fest (das bestätigt auch, dass die Adresse dir gehört):',
    existsNotYou: 'Warst du das nicht, ignorier diese Mail: Es hat sich nichts geändert.',
  },
});

export function resetMail(to: string, link: string, ttlMinutes: number, language: Language): Promise<Mail> {
  const t = mailT(language);
  return noticeMail({
    to,
    language,
    subject: t('resetSubject'),
    preview: t('resetAsked'),
    heading: t('resetHeading'),
    reason: t('resetReason'),
    blocks: [
      t('resetAsked'),
      t('resetHere', { minutes: ttlMinutes }),
      { action: { label: t('resetAction'), url: link } },
      t('resetNotYou'),
    ],
  });
}

export function trustInvitationMail(
  to: string,
  inviter: { first_name: string; last_name: string; email: string },
  link: string,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  const name = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  const subject = t('inviteSubject', { name });
  const added = t('inviteAdded', { name, email: inviter.email });
  return noticeMail({
    to,
    language,
    subject,
    preview: added,
    heading: subject,
    reason: t('inviteReason', { name }),
    blocks: [added, t('inviteCreate'), { action: { label: t('createAccount'), url: link } }],
  });
}

export function verifyMail(
  to: string,
  firstName: string,
  link: string,
  ttlHours: number,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  return noticeMail({
    to,
    language,
    subject: t('verifySubject'),
    preview: t('verifyPreview'),
    heading: t('verifyHeading'),
    reason: t('verifyReason'),
    blocks: [
      t('hello', { name: firstName }),
      t('verifyHere', { hours: ttlHours }),
      { action: { label: t('verifyAction'), url: link } },
      t('verifyWhy'),
      t('verifyNotYou'),
    ],
  });
}

/** Sign-up with an address that has an account: its owner is told, and the visitor learns nothing. */
export function accountExistsMail(
  to: string,
  loginLink: string,
  resetLink: string,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  const subject = t('existsSubject');
  return noticeMail({
    to,
    language,
    subject,
    preview: t('existsTried'),
    heading: subject,
    reason: t('existsReason'),
    blocks: [
      t('existsTried'),
      t('existsSignIn'),
      { action: { label: t('signIn'), url: loginLink } },
      t('existsForgot'),
      { link: resetLink },
      t('existsNotYou'),
    ],
  });
}
