import type { DigestPreference, NotificationPreferences } from '@baton/contracts';
import { digestMail, type Language, mailLocale } from '@baton/mailer';
import { enqueueMail } from '@baton/service-kit';
import { DateTime } from 'luxon';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import { noticeT, weekdayName } from '../i18n';
import { cancelJob, scheduleJob } from '../scheduler/scheduler';
import { recipientOf } from './delivery.repository';
import { hasWaitingItems, lockWaitingItems, markSent } from './digest.repository';
import { linkOf, settingsUrl, unsubscribeLinks } from './links.service';

/** The one job that sends a person's next digest. */
export const digestKey = (userId: string) => `digest:${userId}`;

/** The most items one digest lists (the newest); the rest are in the app. */
export const digestItemsMax = 100;
/** How long sent items are kept: an event redelivered within this time adds nothing to the next digest. */
const sentKeptMs = 30 * 24 * 60 * 60 * 1000;

/** luxon numbers the days 1 (Monday) to 7 (Sunday); the preferences 0 (Sunday) to 6 (Saturday). */
const isoWeekday = (weekday: number) => (weekday === 0 ? 7 : weekday);

/**
 * The next moment after `now` a digest goes out, in the person's zone: the next whole hour (hourly), the
 * next `hour`:00 (daily), the next `weekday` at `hour`:00 (weekly); null when digests are off. An hour a
 * daylight-saving change skips is taken as the one after it.
 */
export function nextDigestAt(digest: DigestPreference, timezone: string, now = new Date()): Date | null {
  const here = DateTime.fromJSDate(now, { zone: timezone });
  if (digest.frequency === 'off') return null;
  if (digest.frequency === 'hourly') return here.startOf('hour').plus({ hours: 1 }).toJSDate();
  const today = here.startOf('day');
  const ahead = digest.frequency === 'weekly' ? (isoWeekday(digest.weekday) - here.weekday + 7) % 7 : 0;
  const period = digest.frequency === 'weekly' ? 7 : 1;
  const at = (days: number) => today.plus({ days }).set({ hour: digest.hour });
  const first = at(ahead);
  return (first > here ? first : at(ahead + period)).toJSDate();
}

const job = (userId: string, runAt: Date, mode: 'replace' | 'preserve_run_at') => ({
  job: 'digest' as const,
  key: digestKey(userId),
  runAt,
  payload: { userId },
  mode,
});

/** Makes sure the person's digest is scheduled, for something just collected (one scheduled keeps its time). */
export async function expectDigest(
  trx: NotificationsTrx,
  userId: string,
  preferences: NotificationPreferences,
) {
  const runAt = nextDigestAt(preferences.digest, preferences.timezone);
  if (runAt) await scheduleJob(trx, job(userId, runAt, 'preserve_run_at'));
}

export const cancelDigest = (trx: NotificationsTrx, userId: string) => cancelJob(trx, digestKey(userId));

/**
 * After the digest's timing changed: what waits goes at the new moment; with digests off, or nothing
 * waiting, none is scheduled (what waits then goes once they are on again, or with a test digest).
 */
export async function planDigest(
  trx: NotificationsTrx,
  userId: string,
  preferences: NotificationPreferences,
) {
  const runAt = nextDigestAt(preferences.digest, preferences.timezone);
  if (runAt && (await hasWaitingItems(trx, userId))) await scheduleJob(trx, job(userId, runAt, 'replace'));
  else await cancelDigest(trx, userId);
}

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** When the person's digest comes, as a sentence in their language. */
export function scheduleWords({ digest, timezone, language }: NotificationPreferences) {
  const t = noticeT(language);
  if (digest.frequency === 'off') return t('digestOff');
  if (digest.frequency === 'hourly') return t('digestHourly');
  const time = clock(digest.hour);
  return digest.frequency === 'weekly'
    ? t('digestWeekly', { weekday: weekdayName(digest.weekday, language), time, zone: timezone })
    : t('digestDaily', { time, zone: timezone });
}

const timeWords = (at: Date, timezone: string, language: Language) =>
  new Intl.DateTimeFormat(mailLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timezone,
  }).format(at);

/** The digest's first paragraph: what it holds (the template says "nothing new" for none), and when it comes. */
function introOf(count: number, preferences: NotificationPreferences) {
  const t = noticeT(preferences.language);
  const when = scheduleWords(preferences);
  if (count === 0) return when;
  const shown =
    count > digestItemsMax ? t('digestLatest', { shown: digestItemsMax, count }) : t('digestSince');
  return `${shown} ${when}`;
}

/**
 * Sends the person's digest in the caller's transaction: the items waiting are locked, marked sent and
 * queued as one mail together, so a crash sends them once or not at all, and an item collected meanwhile
 * waits for the next. With nothing waiting, nothing is sent unless `evenIfEmpty` (the test digest: "nothing
 * new"). The address it went to; undefined when the person is not known here yet (nothing is sent).
 */
export async function sendDigest(
  trx: NotificationsTrx,
  config: NotificationsConfig,
  userId: string,
  preferences: NotificationPreferences,
  { evenIfEmpty = false } = {},
) {
  const recipient = await recipientOf(trx, userId);
  if (!recipient) return undefined;
  const items = await lockWaitingItems(trx, userId);
  await markSent(
    trx,
    userId,
    items.map((item) => item.id),
    new Date(Date.now() - sentKeptMs),
  );
  if (items.length === 0 && !evenIfEmpty) return recipient.email;
  const { language } = preferences;
  const t = noticeT(language);
  const mail = await digestMail({
    to: recipient.email,
    language,
    subject: t('digestSubject', {
      what: items.length === 0 ? t('digestNothing') : t('updates', { count: items.length }),
    }),
    intro: introOf(items.length, preferences),
    items: items.slice(-digestItemsMax).map((item) => ({
      heading: item.heading,
      message: item.message,
      url: linkOf(config, item.task_id),
      at: timeWords(item.created_at, preferences.timezone, language),
    })),
    unsubscribe: await unsubscribeLinks(trx, config, userId, 'digest', language),
    settingsUrl: settingsUrl(config),
  });
  await enqueueMail(trx, mail);
  return recipient.email;
}
