/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { type Language, templateT } from '../i18n';
import { cls, light } from './theme';

/** A paragraph of the mail's body. */
export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className={cls.text} style={styles.paragraph}>
      {children}
    </Text>
  );
}

/** Text of several lines (a comment, a note) as one paragraph a line, in HTML and in the text part. */
export function Paragraphs({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never move.
  return lines.map((line, i) => <Paragraph key={i}>{line}</Paragraph>);
}

/**
 * The mail's main link: a button, and the address written out under it for clients that show no buttons. The
 * text part keeps only the address, on its own line (the paragraph before it says what it does).
 */
export function Action({ label, url, language }: { label: string; url: string; language: Language }) {
  return (
    <Section style={styles.action}>
      <Button href={url} className={cls.button} style={styles.button} data-skip-in-text="true">
        {label}
      </Button>
      <Text className={cls.muted} style={styles.fallback}>
        <span data-skip-in-text="true">{templateT(language)('pasteLink')}</span>
        <LinkOut url={url} />
      </Text>
    </Section>
  );
}

/** A link written out in full (the text part shows the address once, on its own line). */
export function LinkLine({ url }: { url: string }) {
  return (
    <Text className={cls.text} style={styles.paragraph}>
      <LinkOut url={url} />
    </Text>
  );
}

function LinkOut({ url }: { url: string }) {
  return (
    <Link href={url} className={cls.link} style={styles.link}>
      {url}
    </Link>
  );
}

const styles = {
  paragraph: { color: light.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  action: { margin: '8px 0 24px' },
  button: {
    backgroundColor: light.primary,
    color: light.onPrimary,
    borderRadius: '6px',
    fontSize: '16px',
    lineHeight: '24px',
    fontWeight: 600,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  fallback: { color: light.muted, fontSize: '14px', lineHeight: '20px', margin: '12px 0 0' },
  // A long address breaks where it must, a short one stays whole.
  link: {
    color: light.primary,
    textDecorationLine: 'underline',
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
} as const;
