import { type NotificationEvent, routes } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language, Unsubscribe } from '@baton/mailer';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import type { UnsubscribeScope } from '../db/schema';
import { unsubscribeToken } from '../routes/preferences/preferences.repository';

type Links = Pick<NotificationsConfig, 'PUBLIC_URL'>;

/**
 * The app's page of a notification about `taskId`: the task's own page, the shell's `/home/tasks/<id>`
 * (web-platform's `taskPathOf`, which the bell opens too); the workspace when there is no task.
 */
export const pagePathOf = (taskId: string | null) =>
  taskId ? `${pagePaths.home}/tasks/${encodeURIComponent(taskId)}` : pagePaths.home;

/** The same page as a link for mails. */
export const linkOf = (config: Links, taskId: string | null) =>
  new URL(pagePathOf(taskId), config.PUBLIC_URL).toString();

/** Settings → Notifications, where every channel can be changed back. */
export const settingsUrl = (config: Links) =>
  new URL(`${pagePaths.home}/settings/notifications`, config.PUBLIC_URL).toString();

/** What an unsubscribe link turns off, in the words of "You will no longer get e-mails about …". */
export const unsubscribeWords: Record<UnsubscribeScope, string> = {
  assigned: 'tasks assigned to you',
  invited: 'task invitations',
  accepted: 'accepted tasks you delegated',
  declined: 'declined tasks you delegated',
  date_proposed: 'proposed due dates',
  proposal_answered: 'answers to your proposed due dates',
  reassigned: 'tasks taken back from you',
  nudged: 'nudges about tasks',
  completed: 'completed tasks you delegated',
  progress: 'progress on tasks you delegated',
  comment: 'comments',
  due_soon: 'due-date reminders',
  overdue: 'overdue tasks',
  digest: 'your digest',
} satisfies Record<NotificationEvent, string> & { digest: string };

const unsubscribeWordsDe: Record<UnsubscribeScope, string> = {
  assigned: 'dir zugewiesene Aufgaben',
  invited: 'Einladungen zu Aufgaben',
  accepted: 'angenommene Aufgaben, die du abgegeben hast',
  declined: 'abgelehnte Aufgaben, die du abgegeben hast',
  date_proposed: 'vorgeschlagene Fälligkeitsdaten',
  proposal_answered: 'Antworten auf deine Terminvorschläge',
  reassigned: 'Aufgaben, die dir wieder abgenommen wurden',
  nudged: 'Erinnerungen an Aufgaben',
  completed: 'erledigte Aufgaben, die du abgegeben hast',
  progress: 'Fortschritt bei Aufgaben, die du abgegeben hast',
  comment: 'Kommentare',
  due_soon: 'Erinnerungen an Fälligkeiten',
  overdue: 'überfällige Aufgaben',
  digest: 'deine Zusammenfassung',
};
/** The same words in each language, for the mail's footer. */
const unsubscribeWordsIn: Record<Language, Record<UnsubscribeScope, string>> = {
  en: unsubscribeWords,
  de: unsubscribeWordsDe,
};

/**
 * The RFC 8058 one-click links of a mail of `scope` to `userId`: the POST target (`List-Unsubscribe`) and the
 * footer's page, both carrying the person's token of that scope.
 */
export async function unsubscribeLinks(
  trx: NotificationsTrx,
  config: Links,
  userId: string,
  scope: UnsubscribeScope,
  language: Language,
): Promise<Unsubscribe> {
  const token = await unsubscribeToken(trx, userId, scope);
  const page = new URL(pagePaths.unsubscribe, config.PUBLIC_URL);
  page.searchParams.set('token', token);
  return {
    oneClickUrl: new URL(routes.unsubscribe.path.replace('{token}', token), config.PUBLIC_URL).toString(),
    pageUrl: page.toString(),
    what: unsubscribeWordsIn[language][scope],
  };
}
