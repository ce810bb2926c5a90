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
