import { randomBytes } from 'node:crypto';
import { routes } from '@baton/contracts';
import { pagePaths, transferMessages } from '@baton/contracts/constants';
import { type AuthContext, notFound } from '@baton/service-kit';
import ical from 'ical-generator';
import { actingAs } from '../../access';
import type { TasksConfig } from '../../config';
import type { TasksDeps } from '../../context';
import { dateOf, feedRule } from '../tasks/recurrence';
import { feedOwnerOf, feedTasks, feedTokenOf, insertFeed, replaceFeed } from './calendar.repository';

/** The calendar's name in calendar apps (NAME and X-WR-CALNAME). */
export const calendarName = 'Baton tasks';
const dayMs = 86_400_000;

/** 256 random bits: the token is the feed's only credential (calendar apps send no session). */
const newToken = () => randomBytes(32).toString('base64url');

const feedUrl = (config: Pick<TasksConfig, 'PUBLIC_URL'>, token: string) =>
  new URL(routes.calendarFeedFile.path.replace('{token}', token), config.PUBLIC_URL).toString();

/** The task's page in the app (as mails and the bell link it). */
const taskUrl = (config: Pick<TasksConfig, 'PUBLIC_URL'>, taskId: string) =>
  new URL(`${pagePaths.home}/tasks/${encodeURIComponent(taskId)}`, config.PUBLIC_URL).toString();

/** GET /api/calendar/feed/: the person's feed address, made on the first ask and the same after. */
export async function feedAddress(deps: TasksDeps, me: AuthContext) {
  const known = await feedTokenOf(deps.db, me.userId);
  if (known) return { url: feedUrl(deps.config, known) };
  const token = await deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    await insertFeed(trx, me.userId, newToken());
    // Two first asks at once: both answer the token that was written.
    return feedTokenOf(trx, me.userId);
  });
  if (!token) throw new Error('a calendar feed row vanished inside its transaction');
  return { url: feedUrl(deps.config, token) };
}

/** POST /api/calendar/feed/: a new address; the old one answers 404 from now on. */
export async function rotateFeed(deps: TasksDeps, me: AuthContext) {
  const token = newToken();
  await deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    await replaceFeed(trx, me.userId, token);
  });
  return { url: feedUrl(deps.config, token) };
}

/**
 * GET /api/calendar/{token}/tasks.ics: the feed (RFC 5545), one all-day event per task on the person's
 * calendar (`feedTasks`), its UID the task's id so calendar apps keep it across refreshes, repeating ones
 * with their RRULE from this occurrence on. 404 for a token no feed has (replaced, or its account erased).
 */
export async function feedFile(deps: TasksDeps, token: string) {
  const userId = await feedOwnerOf(deps.db, token);
  if (!userId) throw notFound(transferMessages.feedNotFound);
  const calendar = ical({
    name: calendarName,
    prodId: { company: 'Baton', product: 'tasks', language: 'EN' },
  });
  for (const task of await feedTasks(deps.db, userId)) {
    const start = dateOf(task.due_date);
    if (!start) continue;
    calendar.createEvent({
      id: `${task.id}@baton`,
      start,
      end: new Date(start.getTime() + dayMs),
      allDay: true,
      summary: task.title,
      description: task.description || null,
      url: taskUrl(deps.config, task.id),
      lastModified: task.updated_at,
      repeating:
        task.recurrence && task.series_start && task.due_date
          ? feedRule(task.recurrence, task.series_start, task.due_date)
          : null,
    });
  }
  return new Response(calendar.toString(), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="baton-tasks.ics"',
      // Calendar apps poll it; each poll should see the tasks as they are.
      'cache-control': 'no-cache',
    },
  });
}
