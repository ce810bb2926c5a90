/** @jsxRuntime automatic */
/** @jsxImportSource react */

import type { Language } from '../i18n';
import type { Mail } from '../mailer';
import { renderMail } from '../render';
import { Action, LinkLine, Paragraph } from './blocks';
import { Layout } from './Layout';

/** A paragraph, the mail's main link (a button and the address), or an address written out. */
export type NoticeBlock = string | { action: { label: string; url: string } } | { link: string };

export interface NoticeMailInput {
  to: string;
  /** The reader's language: the caller writes every sentence in it too. */
  language: Language;
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** Why the person got this mail, as a sentence. */
  reason: string;
  blocks: NoticeBlock[];
}

/**
 * A mail of sentences and links that a person did not subscribe to (a reset, a confirmation, an accept link):
 * no unsubscribe, no settings. The services keep their wording; this keeps React out of them.
 */
export function noticeMail({
  to,
  language,
  subject,
  preview,
  heading,
  reason,
  blocks,
}: NoticeMailInput): Promise<Mail> {
  return renderMail(
    <Layout language={language} title={subject} preview={preview} heading={heading} reason={reason}>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are rendered once, in their order.
        <Block key={i} block={block} language={language} />
      ))}
    </Layout>,
    { to, subject },
  );
}

function Block({ block, language }: { block: NoticeBlock; language: Language }) {
  if (typeof block === 'string') return <Paragraph>{block}</Paragraph>;
  if ('action' in block)
    return <Action label={block.action.label} url={block.action.url} language={language} />;
  return <LinkLine url={block.link} />;
}
