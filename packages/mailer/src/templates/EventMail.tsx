/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Mail } from '../mailer';
import { renderMail } from '../render';
import { type Unsubscribe, unsubscribeHeaders } from '../unsubscribe';
import { Action, Paragraphs } from './blocks';
import { Layout } from './Layout';

export interface EventMailInput {
  to: string;
  subject: string;
  heading: string;
  /** One paragraph per line. */
  message: string;
  action?: { label: string; url: string } | undefined;
  unsubscribe: Unsubscribe;
  settingsUrl: string;
}

/** One notification (assigned, comment, due soon, …) as its own mail, with one-click unsubscribe. */
export function eventMail({
  to,
  subject,
  heading,
  message,
  action,
  unsubscribe,
  settingsUrl,
}: EventMailInput): Promise<Mail> {
  return renderMail(
    <Layout
      title={subject}
      preview={message}
      heading={heading}
      reason={`You got this mail because your Baton notification settings send e-mails about ${unsubscribe.what}.`}
      settingsUrl={settingsUrl}
      unsubscribe={unsubscribe}
    >
      <Paragraphs text={message} />
      {action && <Action label={action.label} url={action.url} />}
    </Layout>,
    { to, subject, headers: unsubscribeHeaders(unsubscribe) },
  );
}
