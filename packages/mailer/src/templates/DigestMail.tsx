/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type Language, templateT } from '../i18n';
import type { Mail } from '../mailer';
import { renderMail } from '../render';
import { type Unsubscribe, unsubscribeHeaders } from '../unsubscribe';
import { Paragraph, Paragraphs } from './blocks';
import { Layout } from './Layout';
import { cls, light } from './theme';

export interface DigestItem {
  heading: string;
  message: string;
  /** The task's page. */
  url: string;
  /** When it happened, already written in the reader's time zone. */
  at: string;
}

export interface DigestMailInput {
  to: string;
  /** The reader's language: the caller writes subject, intro and items in it too. */
  language: Language;
  subject: string;
  /** The first paragraph, shown with or without items. */
  intro: string;
  items: DigestItem[];
  unsubscribe: Unsubscribe;
  settingsUrl: string;
}

/** The line of a digest with nothing in it. */
export const nothingNew = (language: Language) => templateT(language)('nothingNew');

/** What collected for a person, as one mail; no items makes the short "nothing new" mail. */
export function digestMail({
  to,
  language,
  subject,
  intro,
  items,
  unsubscribe,
  settingsUrl,
}: DigestMailInput): Promise<Mail> {
  const t = templateT(language);
  return renderMail(
    <Layout
      language={language}
      title={subject}
      preview={items.length === 0 ? t('nothingNew') : items.map((item) => item.heading).join(' · ')}
      heading={subject}
      reason={t('digestReason')}
      settingsUrl={settingsUrl}
      unsubscribe={unsubscribe}
    >
      <Paragraph>{intro}</Paragraph>
      {items.length === 0 ? (
        <Paragraph>{t('nothingNew')}</Paragraph>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are rendered once, in their order.
        items.map((item, i) => <Item key={i} {...item} />)
      )}
    </Layout>,
    { to, subject, headers: unsubscribeHeaders(unsubscribe) },
  );
}

function Item({ heading, message, url, at }: DigestItem) {
  return (
    <Section className={cls.rule} style={styles.item}>
      <Heading as="h2" className={cls.text} style={styles.heading}>
        <Link href={url} className={cls.link} style={styles.link}>
          {heading}
        </Link>
      </Heading>
      <Paragraphs text={message} />
      <Text className={cls.muted} style={styles.at}>
        {at}
      </Text>
    </Section>
  );
}

const styles = {
  item: { borderTop: `1px solid ${light.border}`, padding: '16px 0 0', margin: '0 0 16px' },
  heading: { fontSize: '18px', lineHeight: '26px', fontWeight: 600, margin: '0 0 8px' },
  link: { color: light.primary, textDecorationLine: 'underline' },
  at: { color: light.muted, fontSize: '14px', lineHeight: '20px', margin: '0' },
} as const;
