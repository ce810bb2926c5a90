import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hostileFrames, jsonRequest, openRawSocket, readJson } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, socketProtocol } from './flows';
import { AppProcess, cleanEnv } from './process';

/**
 * `npm start` exactly as the README says, with no Baton variable set and a data directory that does
 * not exist yet: embedded Postgres, in-process bus, local mail catcher.
 */
describe('npm start on a fresh checkout', () => {
  let app: AppProcess;
  let dataDir: string;
  let base: string;
  let mailBase: string;
  let startSeconds: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'baton-start-'));
    const port = (await fetch('http://127.0.0.1:8080/healthz').then(
      () => false,
      () => true,
    ))
      ? 8080
      : await freePort();
    const mailWeb = await freePort();
    base = `http://127.0.0.1:${port}`;
    mailBase = `http://127.0.0.1:${mailWeb}`;
    const started = performance.now();
    app = new AppProcess(
      'npm',
      ['start'],
      cleanEnv({
        PORT: String(port),
        BATON_DATA_DIR: join(dataDir, 'data'),
        BATON_PG_PORT: String(await freePort()),
        MAIL_CATCHER_SMTP_PORT: String(await freePort()),
        MAIL_CATCHER_WEB_PORT: String(mailWeb),
      }),
    );
    await app.waitForOk(`${base}/readyz`, 120_000);
    startSeconds = (performance.now() - started) / 1000;
    console.log(
      `npm start answered on :${port} after ${startSeconds.toFixed(1)} s (cold: new data directory)`,
    );
  }, 150_000);

  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers within two minutes and prints the URLs and the mode', () => {
    expect(startSeconds).toBeLessThan(120);
    const out = app.output.join('');
    expect(out).toContain('Baton is running');
    expect(out).toContain('in-process event bus');
    expect(out).toContain('embedded Postgres');
    expect(out).toMatch(/Mail: +http:\/\/localhost:\d+\//);
  });

  it('signs up and logs in through the gateway, and opens a socket', async () => {
    const { tokens } = await signUpAndLogin(base);
    expect(
      await socketProtocol(
        base.replace('http', 'ws'),
        tokens.access,
        new URL(base).origin.replace('127.0.0.1', 'localhost'),
      ),
    ).toBe('jwt');
  });

  it('one hostile frame on any socket path ends that socket only, never the process', async () => {
    const origin = new URL(base).origin.replace('127.0.0.1', 'localhost');
    const { tokens } = await signUpAndLogin(base);
    // A comments socket opens only on a task one may read: an invitation of one's own.
    const invitation = { title: 'Abuse', dueDate: '2054-12-31', priority: 'Lenient', email: 'x@example.com' };
    const { id } = await readJson(
      fetch(`${base}/send_email/invite_user`, jsonRequest('POST', invitation, tokens.access)),
    );
    for (const path of ['/ws/notifications/', '/ws/tasks/', `/ws/comments/${id}/`]) {
      for (const abuse of hostileFrames) {
        const raw = await openRawSocket(base, path, tokens.access, origin);
        abuse.send(raw);
        await Promise.race([raw.closed, new Promise((r) => setTimeout(r, 200))]);
        raw.end();
        expect((await fetch(`${base}/healthz`)).status, `${abuse.name} on ${path}`).toBe(200);
      }
    }
    expect(app.exited).toBe(false);
  });

  it('a reset mail arrives at the mail catcher and its link sets a new password', async () => {
    const { user } = await signUpAndLogin(base);
    await fetch(`${base}/api/auth/password-reset/request/`, jsonRequest('POST', { email: user.email }));
    let link: URL | undefined;
    for (let i = 0; i < 40 && !link; i++) {
      const mails: { to: string[]; text: string }[] = await readJson(fetch(`${mailBase}/api/messages`));
      const mail = mails.find((m) => m.to.includes(user.email) && m.text.includes('/reset-password'));
      const found = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (found) link = new URL(found);
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(link?.pathname).toBe('/reset-password');
    const confirm = await fetch(
      `${base}/api/auth/password-reset/confirm/`,
      jsonRequest('POST', {
        uid: link?.searchParams.get('uid'),
        token: link?.searchParams.get('token'),
        newPassword: 'reset through the catcher',
        confirmPassword: 'reset through the catcher',
      }),
    );
    expect(confirm.status).toBe(200);
    const login = await fetch(
      `${base}/login/`,
      jsonRequest('POST', { email: user.email, password: 'reset through the catcher' }),
    );
    expect(login.status).toBe(200);
    // A person can read the same mail in a browser.
    const page = await fetch(`${mailBase}/`);
    expect(await page.text()).toContain('Reset your Baton password');
  });

  it('starts its embedded Postgres again after it stops at once under load; /readyz tells, writes resume by themselves', async () => {
    const { tokens } = await signUpAndLogin(base);
    const readiness = async () => {
      const res = await fetch(`${base}/readyz`);
      return { status: res.status, body: await res.json() };
    };
    const ready = await readiness();
    expect(ready.status).toBe(200);
    // One process is the whole app: its /readyz speaks for every service, dead letters included.
    expect(Object.keys(ready.body.details).sort()).toEqual([
      'files',
      'folders',
      'identity',
      'notifications',
      'tasks',
    ]);
    expect(ready.body.details.tasks).toEqual({ deadLetters: 0 });
    const write = async () =>
      (
        await fetch(
          `${base}/create_list`,
          jsonRequest(
            'POST',
            { title: 'Under load', dueDate: '2054-12-31', priority: 'Lenient' },
            tokens.access,
          ),
        )
      ).status;
    const statuses: number[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        statuses.push(await write());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await new Promise((r) => setTimeout(r, 1_000));
    // What `pg_ctl stop -m immediate` sends the postmaster: no checkpoint, every connection cut.
    const pidFile = join(dataDir, 'data', 'postgres', 'postmaster.pid');
    process.kill(Number((await readFile(pidFile, 'utf8')).split('\n')[0]), 'SIGQUIT');
    const stoppedAt = Date.now();
    // What each service's part of /readyz said while it was down, over every 503 (connections break one by
    // one: a single answer may name only some services).
    const failures = new Map<string, string>();
    await expect
      .poll(
        async () => {
          const now = await readiness();
          if (now.status === 503)
            for (const [service, why] of Object.entries(now.body.failures as Record<string, string>))
              failures.set(service, why);
          return now.status === 200 && failures.size > 0;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const backInMs = Date.now() - stoppedAt;
    await new Promise((r) => setTimeout(r, 500));
    loading = false;
    await load;
    expect([...failures.keys()]).toContain('tasks');
    // The parts of its check that reach its database: which fails first depends on which connection broke.
    expect(failures.get('tasks')).toMatch(/^(database|deadLetters): /);
    const firstFailure = statuses.findIndex((status) => status !== 201);
    expect(firstFailure).toBeGreaterThan(0);
    // Refused as "try again in a moment" (503), never as a fault (500).
    expect(new Set(statuses.filter((status) => status !== 201))).toEqual(new Set([503]));
    expect(statuses.slice(firstFailure).filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(201);
    expect(await write()).toBe(201);
    console.log(
      `embedded Postgres stopped at once: /readyz 503 (naming ${[...failures.keys()].sort().join(', ')}) then 200 after ${backInMs} ms; ` +
        `${statuses.length} writes: ${statuses.filter((s) => s === 201).length} stored, ` +
        `${statuses.filter((s) => s !== 201).length} refused (${[...new Set(statuses.filter((s) => s !== 201))].join(', ')})`,
    );
  }, 120_000);

  it('stops cleanly on SIGTERM: every process, embedded Postgres included, is gone within 15 s', async () => {
    expect(await app.stop()).toBe(true);
  });
});
