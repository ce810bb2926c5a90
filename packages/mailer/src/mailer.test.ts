import { startSmtpCapture } from '@baton/test-kit';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailCatcher } from './catcher';
import { createMailer, type Mailer } from './mailer';
import { renderMail } from './render';
import { eventMail } from './templates/EventMail';
import { Layout } from './templates/Layout';
import { linesOf, sampleEvent } from './testing';

describe('createMailer through a real SMTP server', () => {
  let capture: MailCatcher;
  let mailer: Mailer;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    mailer = createMailer({ smtpUrl: capture.smtpUrl, from: 'Baton <baton@baton.test>' });
  });
  afterAll(async () => {
    mailer.close();
    await capture.stop();
  });

  it('delivers the HTML part, the text part and the one-click unsubscribe headers', async () => {
    const mail = await eventMail({ ...sampleEvent, to: 'round.trip@example.com' });
    await mailer.send(mail);
    const caught = await capture.waitFor('round.trip@example.com');
    expect(caught.subject).toBe(sampleEvent.subject);
    expect(caught.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(caught.html).toContain('href="https://baton.test/home?task=t-1&amp;from=mail"');
    expect(linesOf(caught.text)).toContain('https://baton.test/home?task=t-1&from=mail');
    expect(caught.headers['list-unsubscribe']).toBe('<https://baton.test/api/unsubscribe/one-click-token/>');
    expect(caught.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('adds no List-Unsubscribe to a mail without headers', async () => {
    const props = {
      language: 'en' as const,
      title: 'Reset',
      preview: 'Reset',
      heading: 'Reset',
      reason: 'Because.',
      children: 'x',
    };
    const element = createElement(Layout, props);
    await mailer.send(await renderMail(element, { to: 'no.list@example.com', subject: 'Reset' }));
    const caught = await capture.waitFor('no.list@example.com');
    expect(caught.html).toContain('<h1');
    expect(caught.headers).not.toHaveProperty('list-unsubscribe');
    expect(caught.headers).not.toHaveProperty('list-unsubscribe-post');
  });
});
