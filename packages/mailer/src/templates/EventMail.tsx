/** @jsxRuntime automatic */
/** @jsxImportSource react */

import { type Language, templateT } from '../i18n';
import type { Mail } from '../mailer';
import { renderMail } from '../render';
import { type Unsubscribe, unsubscribeHeaders } from '../unsubscribe';
import { Action, Paragraphs } from './blocks';
import { Layout } from './Layout';

export interface EventMailInput {
  to: string;
  /** The reader's language: the caller writes subject, heading, message and labels in it too. */
  language: Language;
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
  language,
  subject,
  heading,
  message,
  action,
  unsubscribe,
  settingsUrl,
}: EventMailInput): Promise<Mail> {
  return renderMail(
    <Layout
      language={language}
      title={subject}
      preview={message}
      heading={heading}
      reason={templateT(language)('eventReason', { what: unsubscribe.what })}
      settingsUrl={settingsUrl}
      unsubscribe={unsubscribe}
    >
      <Paragraphs text={message} />
      {action && <Action label={action.label} url={action.url} language={language} />}
    </Layout>,
    { to, subject, headers: unsubscribeHeaders(unsubscribe) },
  );
}
