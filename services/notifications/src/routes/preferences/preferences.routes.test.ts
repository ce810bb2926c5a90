import { preferenceMessages as m, type NotificationPreferences, routes } from '@baton/contracts';
import { identityMessages } from '@baton/contracts/constants';
import type { CaughtMail } from '@baton/mailer';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNotifications, type TestNotifications, taskEvents } from '../../testing';
import { unsubscribeRule } from './preferences.routes';

/**
 * Settings → Notifications' routes over real Postgres and a real SMTP capture: the preferences a person
 * reads and changes, the test digest, and the one-click unsubscribe a mail client POSTs with no session.
 */
let t: TestNotifications;
beforeAll(async () => {
  t = await startTestNotifications();
}, 60_000);
afterAll(() => t.close());

const path = routes.getNotificationPreferences.path;
const read = async (user: SignedUpUser): Promise<NotificationPreferences> =>
  readJson(t.notificationsCall('GET', path, user.access));
const change = (user: SignedUpUser, body: unknown) => t.notificationsCall('PUT', path, user.access, body);
const testDigest = (user: SignedUpUser) =>
  t.notificationsCall('POST', routes.sendTestDigest.path, user.access);

/** What a mail client does with `List-Unsubscribe`: POSTs `List-Unsubscribe=One-Click` as a form, no session. */
const oneClick = (url: string, from = '203.0.113.7') =>
  t.service.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: 'List-Unsubscribe=One-Click',
  });
/** The one-click address a mail carries (`List-Unsubscribe: <…>`). */
const unsubscribeUrlOf = (mail: CaughtMail) =>
  /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';

const digestTo = (user: SignedUpUser, count: number) =>
  eventually(
    async () =>
      t.mailsTo(user.email).filter((mail) => mail.subject.startsWith('Your Baton digest')).length >= count &&
      t.mailsTo(user.email),
  );

describe('GET /api/settings/notification-preferences/', () => {
  it('answers the defaults to someone who never changed them', async () => {
    const ana = await t.person();
    const res = await t.notificationsCall('GET', path, ana.access);
    expect(res.status).toBe(200);
    const now = { inApp: true, email: 'immediate', push: true };
    expect(await res.json()).toEqual({
      timezone: 'UTC',
      language: 'en',
      digest: { frequency: 'daily', hour: 8, weekday: 1 },
      events: {
        // A trusted sender's task sends no mail (SPEC §1); an untrusted one's comes with tasks' accept link.
        assigned: { ...now, email: 'off' },
        invited: { ...now, email: 'off' },
        accepted: { inApp: true, email: 'digest', push: false },
        declined: now,
        // What asks the person to act on a task they are in comes at once.
        date_proposed: now,
        proposal_answered: now,
        reassigned: now,
        nudged: now,
        completed: { inApp: true, email: 'digest', push: false },
        progress: { inApp: true, email: 'digest', push: false },
        comment: { inApp: true, email: 'digest', push: true },
        due_soon: now,
        overdue: now,
      },
    });
  });

  it('needs a session, as do the change and the test digest', async () => {
    expect((await t.notificationsCall('GET', path)).status).toBe(401);
    expect((await t.notificationsCall('PUT', path, undefined, { timezone: 'UTC' })).status).toBe(401);
    expect((await t.notificationsCall('POST', routes.sendTestDigest.path)).status).toBe(401);
    expect((await t.notificationsCall('GET', path, 'not-a-token')).status).toBe(401);
  });
});

describe('PUT /api/settings/notification-preferences/', () => {
  it('merges any subset into what the person has, and answers the whole', async () => {
    const ana = await t.person();
    const first = await change(ana, { events: { comment: { email: 'off' } } });
    expect(first.status).toBe(200);
    const afterFirst = await readJson(first);
    expect(afterFirst.events.comment).toEqual({ inApp: true, email: 'off', push: true });
    expect(afterFirst.events.due_soon).toEqual({ inApp: true, email: 'immediate', push: true });

    const second = await readJson(
      change(ana, {
        timezone: 'Europe/Berlin',
        digest: { frequency: 'weekly', weekday: 5 },
        events: { progress: { push: true } },
      }),
    );
    expect(second).toMatchObject({
      timezone: 'Europe/Berlin',
      digest: { frequency: 'weekly', hour: 8, weekday: 5 },
      events: { comment: { email: 'off' }, progress: { inApp: true, email: 'digest', push: true } },
    });
    expect(await read(ana)).toEqual(second);
    expect((await change(ana, {})).status).toBe(200);
    expect(await read(ana)).toEqual(second);
  });

  it('keeps the language the mails are written in, English until the person chooses', async () => {
    const ana = await t.person();
    expect((await read(ana)).language).toBe('en');
    expect(await readJson(change(ana, { language: 'de' }))).toMatchObject({
      language: 'de',
      timezone: 'UTC',
    });
    expect((await read(ana)).language).toBe('de');
    // Another change keeps it.
    await change(ana, { timezone: 'Europe/Berlin' });
    expect(await read(ana)).toMatchObject({ language: 'de', timezone: 'Europe/Berlin' });
  });

  it("tells tasks the person's new language and zone (notifications.preferences.changed)", async () => {
    const ana = await t.person();
    /** What tasks knows of her: her language and zone. */
    const known = () =>
      t.tasks.deps.db
        .selectFrom('users')
        .select(['language', 'timezone'])
        .where('id', '=', ana.id)
        .executeTakeFirstOrThrow();
    expect((await known()).language).toBe('en'); // as she signed up
    await change(ana, { language: 'de' });
    await eventually(async () => (await known()).language === 'de');
    await change(ana, { language: 'en' });
    await eventually(async () => (await known()).language === 'en');
    await change(ana, { timezone: 'Pacific/Auckland' });
    await eventually(async () => (await known()).timezone === 'Pacific/Auckland');
  });

  it('stores only what differs from the defaults, so a choice put back follows them again', async () => {
    const ana = await t.person();
    await change(ana, { events: { comment: { email: 'off' }, assigned: { push: false } } });
    await change(ana, { events: { comment: { email: 'digest' } } });
    const row = await t.db
      .selectFrom('preferences')
      .select('events')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.events).toEqual({ assigned: { push: false } });
  });

  it('merges changes sent at the same time one after the other: none is lost', async () => {
    const ana = await t.person();
    const events = [
      'assigned',
      'invited',
      'accepted',
      'declined',
      'completed',
      'progress',
      'comment',
      'due_soon',
    ];
    const answers = await Promise.all(
      events.map((event) => change(ana, { events: { [event]: { inApp: false } } })),
    );
    expect(answers.map((res) => res.status)).toEqual(events.map(() => 200));
    const stored = await read(ana);
    for (const event of events) expect(stored.events[event as keyof typeof stored.events].inApp).toBe(false);
    expect(stored.events.overdue.inApp).toBe(true);
  });

  it.each([
    ['an unknown event', { events: { mentions: { email: 'off' } } }, m.unknownEvent('mentions')],
    ['an unknown channel', { events: { comment: { sms: true } } }, m.unknownField('sms')],
    ['an unknown field', { colour: 'blue' }, m.unknownField('colour')],
    ['an unknown digest field', { digest: { minute: 30 } }, m.unknownField('minute')],
    ['a bad e-mail mode', { events: { comment: { email: 'weekly' } } }, m.badEmailMode],
    ['a switch that is not a boolean', { events: { assigned: { inApp: 'yes' } } }, m.badSwitch],
    ['a push switch that is null', { events: { assigned: { push: null } } }, m.badSwitch],
    ['a bad frequency', { digest: { frequency: 'monthly' } }, m.badFrequency],
    ['an hour past 23', { digest: { hour: 24 } }, m.badHour],
    ['a fractional hour', { digest: { hour: 7.5 } }, m.badHour],
    ['an hour as text', { digest: { hour: '8' } }, m.badHour],
    ['a weekday past 6', { digest: { weekday: 7 } }, m.badWeekday],
    ['a negative weekday', { digest: { weekday: -1 } }, m.badWeekday],
    ['a time zone nobody has', { timezone: 'Mars/Olympus_Mons' }, m.badTimezone],
    ['a time zone that is not text', { timezone: 1 }, m.badTimezone],
    ['a language Baton does not speak', { language: 'fr' }, m.badLanguage],
    ['a language that is not text', { language: 1 }, m.badLanguage],
  ])('refuses %s with 400 and its sentence, changing nothing', async (_name, body, sentence) => {
    const ana = await t.person();
    const before = await read(ana);
    const res = await change(ana, body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(sentence);
    expect(await read(ana)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const ana = await t.person();
    const res = await t.service.app.request(path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ana.access}`, 'content-type': 'text/plain' },
      body: 'timezone=UTC',
    });
    expect(res.status).toBe(415);
  });
});

describe("mails in the recipient's language (their stored preference, over real SMTP)", () => {
  it('a German reader gets a German mail at once and a German digest; an English one English', async () => {
    const [ana, ben, cy] = [
      await t.person({ firstname: 'Ana' }),
      await t.person({ firstname: 'Ben' }),
      await t.person({ firstname: 'Cy' }),
    ];
    expect((await change(ben, { language: 'de', events: { comment: { email: 'immediate' } } })).status).toBe(
      200,
    );
    expect((await change(cy, { events: { comment: { email: 'immediate' } } })).status).toBe(200);
    await t.handled(taskEvents(ana, ben).comment('Erster Entwurf ist da'));
    await t.handled(taskEvents(ana, cy).comment('First draft is up'));
    const [german] = await eventually(async () => t.mailsTo(ben.email).length > 0 && t.mailsTo(ben.email));
    expect(german?.subject).toBe('Ana hat „Quarterly report“ kommentiert: „Erster Entwurf ist da“');
    expect(german?.html).toMatch(/<html[^>]* lang="de"/);
    expect(german?.html).toContain('Aufgabe öffnen');
    expect(german?.text).toContain('Keine E-Mails mehr über Kommentare');
    expect(german?.text).not.toMatch(/commented|Open the task|Unsubscribe|You got this mail/);
    const [english] = await eventually(async () => t.mailsTo(cy.email).length > 0 && t.mailsTo(cy.email));
    expect(english?.subject).toBe('Ana commented on “Quarterly report”: “First draft is up”');

    // The digest: what collected, in German, with the schedule in German words.
    await change(ben, { events: { comment: { email: 'digest' } } });
    await t.handled(taskEvents(ana, ben).comment('Zahlen geprüft'));
    expect((await testDigest(ben)).status).toBe(200);
    const digest = await eventually(async () =>
      t.mailsTo(ben.email).find((mail) => mail.subject.startsWith('Deine Baton-Zusammenfassung')),
    );
    expect(digest?.subject).toBe('Deine Baton-Zusammenfassung: 1 Neuigkeit');
    expect(digest?.text).toContain('Ana hat „Quarterly report“ kommentiert: „Zahlen geprüft“');
    expect(digest?.text).toContain('Deine Zusammenfassung kommt jeden Tag um 08:00 (Zeitzone UTC).');
  });
});

describe('POST /api/settings/notification-preferences/test-digest/', () => {
  it('with nothing collected, sends a short "nothing new" mail', async () => {
    const ana = await t.person();
    const res = await testDigest(ana);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: m.testDigestSent(ana.email) });
    const [mail] = await digestTo(ana, 1);
    expect(mail?.subject).toBe('Your Baton digest: nothing new');
    expect(mail?.text).toContain('Nothing new since your last digest.');
    expect(mail?.text).toContain('every day at 08:00 (UTC time)');
    expect(mail?.html).toContain('Nothing new since your last digest.');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends what has collected, once: those items are not sent again', async () => {
    const [ana, ben] = [await t.person({ firstname: 'Ana' }), await t.person()];
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('First draft is up'));
    await t.handled(task.comment('Numbers checked'));
    const res = await testDigest(ben);
    expect(res.status).toBe(200);
    const [mail] = await digestTo(ben, 1);
    expect(mail?.subject).toBe('Your Baton digest: 2 updates');
    expect(mail?.text).toContain('Ana commented on “Quarterly report”: “First draft is up”');
    expect(mail?.text).toContain('Numbers checked');
    expect(mail?.text).toContain('http://baton.test/home/tasks/');

    await testDigest(ben);
    const [, again] = await digestTo(ben, 2);
    expect(again?.subject).toBe('Your Baton digest: nothing new');
    expect(again?.text).not.toContain('Numbers checked');
  });
});

describe('POST /api/unsubscribe/{token}/ (one click, no session)', () => {
  it("turns off the digest of the mail's reader, and the settings show it", async () => {
    const ana = await t.person();
    await testDigest(ana);
    const [mail] = await digestTo(ana, 1);
    const url = unsubscribeUrlOf(mail as CaughtMail);
    expect(url).toMatch(/^http:\/\/baton\.test\/api\/unsubscribe\/[\w-]{43}\/$/);
    expect(mail?.text).toContain('http://baton.test/unsubscribe?token=');

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: m.unsubscribed('your digest'), scope: 'digest' });
    expect((await read(ana)).digest).toEqual({ frequency: 'off', hour: 8, weekday: 1 });
    // A second click (the page after the mail client's POST) changes nothing more.
    expect((await oneClick(url)).status).toBe(200);
  });

  it("turns off one event's e-mails, and nothing else, with or without a body", async () => {
    const [ana, ben] = [await t.person({ firstname: 'Ana' }), await t.person()];
    await change(ben, { events: { comment: { email: 'immediate' } } });
    await t.handled(taskEvents(ana, ben).comment('Can you check the totals?'));
    const mail = await eventually(async () =>
      t.mailsTo(ben.email).find((m) => m.subject.includes('commented')),
    );
    const url = unsubscribeUrlOf(mail);
    const before = await read(ben);

    const res = await t.service.app.request(new URL(url).pathname, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: m.unsubscribed('comments'), scope: 'comment' });
    const after = await read(ben);
    expect(after.events.comment).toEqual({ ...before.events.comment, email: 'off' });
    expect({ ...after, events: { ...after.events, comment: before.events.comment } }).toEqual(before);
  });

  it("changes only the token owner's settings", async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    await testDigest(ben);
    const [bens] = await digestTo(ben, 1);
    expect((await oneClick(unsubscribeUrlOf(bens as CaughtMail))).status).toBe(200);
    expect((await read(ben)).digest.frequency).toBe('off');
    expect((await read(ana)).digest.frequency).toBe('daily');
  });

  it('answers 404 with its sentence for a token it never made, and 400 for one that cannot be one', async () => {
    const unknown = await oneClick(`http://baton.test/api/unsubscribe/${'A'.repeat(43)}/`);
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error).toBe(m.unsubscribeInvalid);
    expect((await oneClick('http://baton.test/api/unsubscribe/short/')).status).toBe(400);
  });

  it('caps the attempts of one client address', async () => {
    const from = '198.51.100.9';
    const url = `http://baton.test/api/unsubscribe/${'B'.repeat(43)}/`;
    for (let i = 0; i < unsubscribeRule.max; i++) expect((await oneClick(url, from)).status).toBe(404);
    const limited = await oneClick(url, from);
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error).toBe(identityMessages.rateLimited(60));
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held back.
    expect((await oneClick(url, '198.51.100.10')).status).toBe(404);
  });
});
