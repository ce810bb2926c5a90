import type { Mail } from '@baton/mailer';

export function resetMail(to: string, link: string, ttlMinutes: number): Mail {
  return {
    to,
    subject: 'Reset your Baton password',
    text: [
      'Someone asked to reset the password of your Baton account.',
      '',
      `Set a new password here (the link works once and expires in ${ttlMinutes} minutes):`,
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function trustInvitationMail(
  to: string,
  inviter: { first_name: string; last_name: string; email: string },
  link: string,
): Mail {
  const name = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  return {
    to,
    subject: `${name} invited you to Baton`,
    text: [
      `${name} (${inviter.email}) added you as a trusted user on Baton, the team task app.`,
      '',
      'Create your account to receive and hand over tasks:',
      link,
    ].join('\n'),
  };
}

export function verifyMail(to: string, firstName: string, link: string, ttlHours: number): Mail {
  return {
    to,
    subject: 'Confirm your e-mail address for Baton',
    text: [
      `Hello ${firstName},`,
      '',
      `Confirm that this address is yours (the link works once and expires in ${ttlHours} hours):`,
      link,
      '',
      'Tasks that others send to this address reach your account once it is confirmed.',
      'If you did not sign up for Baton, ignore this mail.',
    ].join('\n'),
  };
}

/** Sign-up with an address that has an account: its owner is told, and the visitor learns nothing. */
export function accountExistsMail(to: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'You already have a Baton account',
    text: [
      'Someone tried to create a Baton account with this address, which already has one.',
      '',
      'If it was you, sign in:',
      loginLink,
      '',
      'Forgot your password? Set a new one (this also confirms the address is yours):',
      resetLink,
      '',
      'If it was not you, ignore this mail: nothing has changed.',
    ].join('\n'),
  };
}
