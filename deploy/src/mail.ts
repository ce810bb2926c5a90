import { MailCatcher } from '@baton/mailer';

/** The local mail catcher on its usual ports, or on free ones when those are taken. */
export async function startLocalMailCatcher(ports: { smtp: number; web: number }) {
  try {
    return await new MailCatcher().start(ports);
  } catch {
    return await new MailCatcher().start({ smtp: 0, web: 0 });
  }
}
