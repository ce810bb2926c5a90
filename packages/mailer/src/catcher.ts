import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

type Waiter = { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void };

/**
 * A real SMTP server that keeps every message in memory, with a small web page to read them.
 * `npm start` runs it as the local mail catcher; the test kit uses it to read what the app sends.
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  private readonly smtp: SMTPServer;
  private web: Server | undefined;
  private waiters: Waiter[] = [];
  private nextId = 1;
  smtpPort = 0;
  webPort = 0;

  constructor(private readonly options: { keep?: number } = {}) {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.add({
              id: this.nextId++,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              receivedAt: new Date().toISOString(),
            });
            callback();
          })
          .catch(callback);
      },
    });
    // A client that drops its connection mid-session makes the server emit 'error': not our failure.
    this.smtp.on('error', () => {});
  }

  get smtpUrl() {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  get webUrl() {
    return `http://127.0.0.1:${this.webPort}/`;
  }

  async start(ports: { smtp?: number; web?: number | false } = {}) {
    await new Promise<void>((resolve, reject) => {
      this.smtp.server.once('error', reject);
      this.smtp.listen(ports.smtp ?? 0, '127.0.0.1', () => resolve());
    });
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;
    const webPort = ports.web;
    if (webPort !== false) {
      const web = createServer((req, res) => {
        if (req.url === '/api/messages') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(this.mails));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(renderInbox(this.mails));
      });
      this.web = web;
      await new Promise<void>((resolve, reject) => {
        web.once('error', reject);
        web.listen(webPort ?? 0, '127.0.0.1', () => resolve());
      });
      this.webPort = (web.address() as AddressInfo).port;
    }
    return this;
  }

  /** Resolves with the first mail (already caught or still to come) to `to` that passes `match`. */
  waitFor(to: string, options: { match?: (mail: CaughtMail) => boolean; timeoutMs?: number } = {}) {
    const match = (mail: CaughtMail) =>
      mail.to.some((addr) => addr.toLowerCase() === to.toLowerCase()) && (options.match?.(mail) ?? true);
    const found = this.mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<CaughtMail>((resolve, reject) => {
      const waiter = { match, resolve };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      waiter.resolve = (mail) => {
        clearTimeout(timer);
        resolve(mail);
      };
      this.waiters.push(waiter);
    });
  }

  async stop() {
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
    const web = this.web;
    if (web) await new Promise<void>((resolve) => web.close(() => resolve()));
  }

  private add(mail: CaughtMail) {
    this.mails.push(mail);
    if (this.mails.length > (this.options.keep ?? 500)) this.mails.shift();
    const ready = this.waiters.filter((w) => w.match(mail));
    this.waiters = this.waiters.filter((w) => !w.match(mail));
    for (const w of ready) w.resolve(mail);
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderInbox(mails: CaughtMail[]) {
  const items = [...mails]
    .reverse()
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</p>
<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baton mail catcher</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #e2e8f0;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#4a5568}
pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><h1>Baton mail catcher</h1><p>Mail the app sends while running locally lands here, newest first. Reload to refresh.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}
