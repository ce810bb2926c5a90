import { calendarFeedResponse, errorBody, routes } from '@baton/contracts';
import { transferMessages } from '@baton/contracts/constants';
import { accountDeletion, readJson, type SignedUpUser } from '@baton/test-kit';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';

/** The calendar feed: a secret address per person, serving their open dated tasks as iCalendar (RFC 5545). */
const env = useTestTasks();

const form = {
  title: 'Renew the lease',
  description: 'Call the agent',
  dueDate: '2026-12-14',
  priority: 'Moderate',
};
let ana: SignedUpUser;
let ben: SignedUpUser;
let cy: SignedUpUser;

beforeAll(async () => {
  [ana, ben, cy] = [
    await env.t.person({ firstname: 'Ana' }),
    await env.t.person({ firstname: 'Ben' }),
    await env.t.person({ firstname: 'Cy' }),
  ];
});

const feedUrlOf = async (who: SignedUpUser, method: 'GET' | 'POST' = 'GET') => {
  const res = await env.t.call(method, routes.calendarFeed.path, who.access);
  expect(res.status).toBe(200);
  return calendarFeedResponse.parse(await readJson(res)).url;
};

/** The feed at `url`, fetched as a calendar app does: no session. */
const fetchFeed = (url: string) => env.t.tasks.app.request(new URL(url).pathname);

/** The feed's events by UID, as an iCalendar parser reads the file. */
async function eventsOf(url: string) {
  const res = await fetchFeed(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  const parsed = ical.sync.parseICS(text);
  expect(parsed.vcalendar).toMatchObject({ 'WR-CALNAME': 'Baton tasks' });
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
  return { text, events: new Map(events.map((event) => [event.uid, event])) };
}

/** An all-day date as the parser gives it (local midnight) as 'YYYY-MM-DD'. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

async function created(path: string, body: Record<string, unknown>, who = ana) {
  const res = await env.t.post(path, body, who.access);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await readJson(res)).id as string;
}

const uid = (taskId: string) => `${taskId}@baton`;

describe('the feed address', () => {
  it('is made on the first ask and the same after, for the person only', async () => {
    const first = await feedUrlOf(ana);
    expect(first).toMatch(/^http:\/\/baton\.test\/api\/calendar\/[\w-]{43}\/tasks\.ics$/);
    expect(await feedUrlOf(ana)).toBe(first);
    expect(await feedUrlOf(ben)).not.toBe(first);
    expect((await env.t.get(routes.calendarFeed.path)).status).toBe(401);
    expect((await env.t.call('POST', routes.rotateCalendarFeed.path)).status).toBe(401);
  });

  it('asked for the first time twice at once is one address', async () => {
    const dee = await env.t.person();
    const urls = await Promise.all([feedUrlOf(dee), feedUrlOf(dee), feedUrlOf(dee)]);
    expect(new Set(urls).size).toBe(1);
  });

  it('rotated, is a new one, and the old one answers 404', async () => {
    const old = await feedUrlOf(ana);
    expect((await fetchFeed(old)).status).toBe(200);
    const rotated = await feedUrlOf(ana, 'POST');
    expect(rotated).not.toBe(old);
    expect(await feedUrlOf(ana)).toBe(rotated);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(errorBody.parse(await readJson(gone)).message).toBe(transferMessages.feedNotFound);
    expect((await fetchFeed(rotated)).status).toBe(200);
  });

  it('answers 404 for a token no feed has, and 400 for one that cannot be a token', async () => {
    const path = (token: string) => routes.calendarFeedFile.path.replace('{token}', token);
    expect((await env.t.get(path('A'.repeat(43)))).status).toBe(404);
    expect((await env.t.get(path('short'))).status).toBe(400);
  });
});

describe('the feed', () => {
  it('is an iCalendar file of the person’s open dated tasks, one all-day event each', async () => {
    const personal = await created(routes.savePersonalTask.path, form);
    const weekly = await created(routes.savePersonalTask.path, {
      ...form,
      title: 'Stand-up notes',
      description: '',
      dueDate: '2026-11-30',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4',
    });
    const done = await created(routes.savePersonalTask.path, { ...form, title: 'Done already' });
    expect(
      (await env.t.post(routes.completeTask.path.replace('{id}', done), { completed: true }, ana.access))
        .status,
    ).toBe(200);
    const undated = await created(routes.savePersonalTask.path, { ...form, title: 'Someday' });
    // Imported tasks may have no due date (the form always gives one).
    await env.t.db.updateTable('tasks').set({ due_date: null }).where('id', '=', undated).execute();
    const accepted = await env.t.delegated(ana, ben, {
      form: { title: 'Accepted by Ben', dueDate: '2026-12-20' },
    });
    const pending = await env.t.delegated(ana, ben, { accepted: false, form: { title: 'Waiting for Ben' } });
    const fromBen = await env.t.delegated(ben, ana, {
      role: 'assign',
      form: { title: 'From Ben', dueDate: '2027-01-05' },
    });
    const notYet = await env.t.delegated(ben, ana, {
      accepted: false,
      form: { title: 'Not accepted by Ana' },
    });
    const declined = await env.t.delegated(ana, cy, { form: { title: 'Declined by Cy' } });
    // As a decline leaves it: no recipient, the decline noted (routes/delegation).
    await env.t.db.deleteFrom('task_recipients').where('task_id', '=', declined).execute();
    await env.t.db
      .updateTable('tasks')
      .set({
        recipient_id: null,
        declined_by_id: cy.id,
        declined_by_email: cy.email,
        declined_at: new Date(),
        decline_reason: 'No time',
      })
      .where('id', '=', declined)
      .execute();

    const { text, events } = await eventsOf(await feedUrlOf(ana));
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('\r\nX-WR-CALNAME:Baton tasks\r\n');
    // Her own (personal, and delegated whoever holds it) and what she accepted; not what is done, undated,
    // declined, or waiting for her to accept.
    expect([...events.keys()].sort()).toEqual([personal, weekly, accepted, pending, fromBen].map(uid).sort());
    for (const id of [done, undated, notYet, declined]) expect(events.has(uid(id))).toBe(false);

    const event = events.get(uid(personal)) as VEvent;
    expect(event.datetype).toBe('date');
    expect(event.start.dateOnly).toBe(true);
    expect(dayOf(event.start)).toBe('2026-12-14');
    expect(dayOf(event.end as Date)).toBe('2026-12-15');
    expect(event.summary).toBe('Renew the lease');
    expect(event.description).toBe('Call the agent');
    expect(event.url).toMatchObject({ val: `http://baton.test/home/tasks/${personal}` });
    expect(event.rrule).toBeUndefined();
    for (const one of events.values()) expect(one.start.dateOnly, one.uid).toBe(true);

    // The repeating one: its RRULE, expanded by the parser, gives the series' dates from this occurrence on.
    const repeating = events.get(uid(weekly)) as VEvent;
    expect(repeating.rrule?.toString()).toContain('BYDAY=MO,TH');
    expect(repeating.description).toBeUndefined();
    const dates = repeating.rrule?.between(new Date(2026, 10, 1), new Date(2027, 11, 31), true) ?? [];
    expect(dates.map(dayOf)).toEqual(['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10']);

    // Ben's: what he accepted from Ana, and what he sent her (whoever holds it); not what waits for him.
    const bens = (await eventsOf(await feedUrlOf(ben))).events;
    expect([...bens.keys()].sort()).toEqual([accepted, fromBen, notYet].map(uid).sort());
    expect(bens.has(uid(pending))).toBe(false);
    // Cy, a stranger to all of them (the declined one left his hands).
    expect((await eventsOf(await feedUrlOf(cy))).events.size).toBe(0);
  });

  it('keeps a task’s UID while it changes, and follows a repeating task to its next occurrence', async () => {
    const id = await created(routes.savePersonalTask.path, {
      ...form,
      title: 'Pay rent',
      dueDate: '2026-12-01',
      recurrence: 'FREQ=MONTHLY',
    });
    const url = await feedUrlOf(ana);
    expect((await eventsOf(url)).events.get(uid(id))?.summary).toBe('Pay rent');
    const edit = await env.t.post(
      routes.savePersonalTask.path,
      { ...form, id, title: 'Pay the rent; now, please', dueDate: '2026-12-01' },
      ana.access,
    );
    expect(edit.status).toBe(200);
    const after = (await eventsOf(url)).events;
    expect(after.get(uid(id))?.summary).toBe('Pay the rent; now, please');
    expect(
      (await env.t.post(routes.completeTask.path.replace('{id}', id), { completed: true }, ana.access))
        .status,
    ).toBe(200);
    const next = (await eventsOf(url)).events;
    expect(next.has(uid(id))).toBe(false);
    const following = [...next.values()].find(
      (event) => event.summary === 'Pay the rent; now, please',
    ) as VEvent;
    expect(dayOf(following.start)).toBe('2027-01-01');
    expect(following.rrule?.toString()).toContain('FREQ=MONTHLY');
  });

  it('of an erased account answers 404', async () => {
    const dee = await env.t.person();
    const url = await feedUrlOf(dee);
    expect((await fetchFeed(url)).status).toBe(200);
    expect((await env.t.identity.post('/delete-account/', accountDeletion(dee), dee.access)).status).toBe(
      200,
    );
    await eventually(async () => (await fetchFeed(url)).status === 404);
    expect(
      await env.t.db.selectFrom('calendar_feeds').select('token').where('user_id', '=', dee.id).execute(),
    ).toEqual([]);
  });
});
