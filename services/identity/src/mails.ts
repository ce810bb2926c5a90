import { type Mail, noticeMail } from '@baton/mailer';

export function resetMail(to: string, link: string, ttlMinutes: number): Promise<Mail> {
  const asked = 'Someone asked to reset the password of your Baton account.';
  return noticeMail({
    to,
    subject: 'Reset your Baton password',
    preview: asked,
    heading: 'Reset your password',
    reason:
      'You got this mail because someone asked to reset the password of the Baton account with this address.',
    blocks: [
      asked,
      `Set a new password here (the link works once and expires in ${ttlMinutes} minutes):`,
      { action: { label: 'Set a new password', url: link } },
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
  });
}

export function trustInvitationMail(
  to: string,
  inviter: { first_name: string; last_name: string; email: string },
  link: string,
): Promise<Mail> {
  const name = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  const subject = `${name} invited you to Baton`;
  const added = `${name} (${inviter.email}) added you as a trusted user on Baton, the team task app.`;
  return noticeMail({
    to,
    subject,
    preview: added,
    heading: subject,
    reason: `You got this mail because ${name} added this address to their trusted users on Baton.`,
    blocks: [
      added,
      'Create your account to receive and hand over tasks:',
      { action: { label: 'Create your account', url: link } },
    ],
  });
}

export function verifyMail(to: string, firstName: string, link: string, ttlHours: number): Promise<Mail> {
  return noticeMail({
    to,
    subject: 'Confirm your e-mail address for Baton',
    preview: 'Confirm that this address is yours.',
    heading: 'Confirm your e-mail address',
    reason: 'You got this mail because this address was used to sign up for Baton.',
    blocks: [
      `Hello ${firstName},`,
      `Confirm that this address is yours (the link works once and expires in ${ttlHours} hours):`,
      { action: { label: 'Confirm my address', url: link } },
      'Tasks that others send to this address reach your account once it is confirmed.',
      'If you did not sign up for Baton, ignore this mail.',
    ],
  });
}

/** Sign-up with an address that has an account: its owner is told, and the visitor learns nothing. */
export function accountExistsMail(to: string, loginLink: string, resetLink: string): Promise<Mail> {
  const subject = 'You already have a Baton account';
  const tried = 'Someone tried to create a Baton account with this address, which already has one.';
  return noticeMail({
    to,
    subject,
    preview: tried,
    heading: subject,
    reason: 'You got this mail because someone tried to sign up for Baton with this address.',
    blocks: [
      tried,
      'If it was you, sign in:',
      { action: { label: 'Sign in', url: loginLink } },
      'Forgot your password? Set a new one (this also confirms the address is yours):',
      { link: resetLink },
      'If it was not you, ignore this mail: nothing has changed.',
    ],
  });
}
