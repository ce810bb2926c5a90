/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { type Language, templateT } from '../i18n';
import { cls, darkModeCss, font, light } from './theme';

export interface LayoutProps {
  /** The reader's language: the document's and the footer's. */
  language: Language;
  /** The mail's subject: the document's title. */
  title: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** Why the person got this mail, as a sentence (the footer). */
  reason: string;
  settingsUrl?: string | undefined;
  unsubscribe?: { pageUrl: string; what: string } | undefined;
  children: ReactNode;
}

/** Baton's one mail layout: wordmark, a card with the heading and the content, and a footer. */
export function Layout({
  language,
  title,
  preview,
  heading,
  reason,
  settingsUrl,
  unsubscribe,
  children,
}: LayoutProps) {
  const t = templateT(language);
  return (
    <Html lang={language} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{darkModeCss}</style>
      </Head>
      {/* The page colour is on a table inside (clients drop the body's styles), not on Body's own cell: its
          inline colour would stay light in dark mode. */}
      <Body className={cls.page}>
        <Preview>{preview}</Preview>
        <Section className={cls.page} style={styles.page}>
          <Container style={styles.container}>
            {/* The brand in text, not an image: nothing remote to load, and it reads in every client. */}
            <Text className={cls.link} style={styles.wordmark} data-skip-in-text="true">
              Baton
            </Text>
            <Section className={cls.card} style={styles.card}>
              <Heading as="h1" className={cls.text} style={styles.heading}>
                {heading}
              </Heading>
              {children}
            </Section>
            <Section style={styles.footer}>
              <Text className={cls.muted} style={styles.footerText}>
                {reason}
              </Text>
              {settingsUrl && <FooterLink href={settingsUrl}>{t('settings')}</FooterLink>}
              {unsubscribe && (
                <FooterLink href={unsubscribe.pageUrl}>
                  {t('unsubscribe', { what: unsubscribe.what })}
                </FooterLink>
              )}
            </Section>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text className={cls.muted} style={styles.footerText}>
      <Link href={href} className={cls.link} style={styles.footerLink}>
        {children}
      </Link>
    </Text>
  );
}

const styles = {
  page: { backgroundColor: light.page, padding: '24px 12px', fontFamily: font },
  container: { maxWidth: '600px', margin: '0 auto' },
  wordmark: {
    color: light.primary,
    fontSize: '24px',
    lineHeight: '32px',
    fontWeight: 700,
    letterSpacing: '-0.5px',
    margin: '0 0 16px',
    padding: '0 4px',
  },
  card: {
    backgroundColor: light.surface,
    border: `1px solid ${light.border}`,
    borderRadius: '8px',
    padding: '8px 32px 16px',
  },
  heading: {
    color: light.text,
    fontSize: '24px',
    lineHeight: '32px',
    fontWeight: 700,
    margin: '24px 0 16px',
  },
  footer: { padding: '16px 4px 0' },
  footerText: { color: light.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' },
  footerLink: { color: light.primary, textDecorationLine: 'underline' },
} as const;
