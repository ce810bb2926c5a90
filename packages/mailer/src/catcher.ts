import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inboxHeaders, renderInbox } from './catcher-page';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Header fields by lower-case name (a repeated field's values joined by newlines). */
  headers: Record<string, string>;
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
              headers: headerFields(parsed.headerLines),
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
        const url = new URL(req.url ?? '/', 'http://catcher');
        if (url.pathname === '/api/messages') {
          // `?to=` keeps one recipient's (a poller of one address need not parse everyone's).
          const to = url.searchParams.get('to')?.toLowerCase();
          const mails = to ? this.mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : this.mails;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(mails));
          return;
        }
        res.writeHead(200, inboxHeaders);
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

/** A parsed message's header lines by lower-case name, folded lines unfolded. */
function headerFields(lines: ReadonlyArray<{ key: string; line: string }>) {
  const fields: Record<string, string> = {};
  for (const { key, line } of lines) {
    const unfolded = line.replace(/\r?\n[ \t]+/g, ' ');
    const value = unfolded.slice(unfolded.indexOf(':') + 1).trim();
    fields[key] = fields[key] === undefined ? value : `${fields[key]}\n${value}`;
  }
  return fields;
}
