import { defineMailMessages, type Language, type Mail, noticeMail } from '@baton/mailer';

/**
 * tasks' mails, in the recipient's language: the one they signed up in or chose since (`users.language`, from
 * identity's and notifications' events). An address with no account yet gets the sender's language (their
 * `Accept-Language`, the language their screens are in); a mail no request causes, to someone whose language
 * tasks does not know, English.
 */
/** The language of a mail no request causes, to a person whose language tasks does not know. */
export const fallbackLanguage: Language = 'en';

const mailT = defineMailMessages('tasks', {
  en: {
    assign: 'assigned you a task',
    invite: 'invited you to a task',
    sentBy: 'You got this mail because {{name}} sent a task to this address on Baton.',
    acceptSent: '{{name}} ({{email}}) {{what}} on Baton: "{{title}}".',
    acceptSubject: '{{what}}: {{title}}',
    acceptHere: 'Open it and accept it here (the link works once and expires in {{days}} days):',
    acceptAction: 'Open and accept the task',
    trustHint:
      'Mark the sender as a trusted user there, and their next tasks reach you without a mail each time.',
    joinSent: '{{name}} ({{email}}) {{what}} on Baton, the team task app: "{{title}}".',
    joinSubject: '{{what}} on Baton',
    joinCreate: 'Create your account with this e-mail address and the task will be waiting for you:',
    createAccount: 'Create your account',
    waiting_one: 'A task is waiting for you on Baton',
    waiting_other: '{{count}} tasks are waiting for you on Baton',
    waitingHeading_one: 'A task to accept',
    waitingHeading_other: 'Tasks to accept',
    waitingReason: 'You got this mail because tasks were sent to this address on Baton.',
    waitingIntro_one:
      'A task is waiting for you on Baton. Open each and accept it (each link works once and expires in {{days}} days):',
    waitingIntro_other:
      '{{count}} tasks are waiting for you on Baton. Open each and accept it (each link works once and expires in {{days}} days):',
    waitingTask: '{{name}} ({{email}}) {{what}}: "{{title}}"',
    waitingAction: 'Open and accept "{{title}}"',
    waitingTrustHint:
      'Mark a sender as a trusted user, and their next tasks reach you without a mail each time.',
  },
  de: {
    assign: 'hat dir eine Aufgabe zugewiesen',
    invite: 'hat dich zu einer Aufgabe eingeladen',
    sentBy: 'Du bekommst diese Mail, weil {{name}} auf Baton eine Aufgabe an diese Adresse geschickt hat.',
    acceptSent: '{{name}} ({{email}}) {{what}}, auf Baton: „{{title}}“.',
    acceptSubject: '{{what}}: {{title}}',
    acceptHere:
      'Öffne sie und nimm sie hier an (der Link funktioniert einmal und läuft in {{days}} Tagen ab):',
    acceptAction: 'Aufgabe öffnen und annehmen',
    trustHint:
      'Markier den Absender dort als vertraute Person, dann erreichen dich seine nächsten Aufgaben ohne eigene Mail.',
    joinSent: '{{name}} ({{email}}) {{what}}, auf Baton, der Aufgaben-App für Teams: „{{title}}“.',
    joinSubject: '{{what}} auf Baton',
    joinCreate: 'Leg mit dieser E-Mail-Adresse ein Konto an, dann wartet die Aufgabe schon auf dich:',
    createAccount: 'Konto anlegen',
    waiting_one: 'Auf Baton wartet eine Aufgabe auf dich',
    waiting_other: 'Auf Baton warten {{count}} Aufgaben auf dich',
    waitingHeading_one: 'Eine Aufgabe zum Annehmen',
    waitingHeading_other: 'Aufgaben zum Annehmen',
    waitingReason: 'Du bekommst diese Mail, weil auf Baton Aufgaben an diese Adresse geschickt wurden.',
    waitingIntro_one:
      'Auf Baton wartet eine Aufgabe auf dich. Öffne und nimm jede an (jeder Link funktioniert einmal und läuft in {{days}} Tagen ab):',
    waitingIntro_other:
      'Auf Baton warten {{count}} Aufgaben auf dich. Öffne und nimm jede an (jeder Link funktioniert einmal und läuft in {{days}} Tagen ab):',
    waitingTask: '{{name}} ({{email}}) {{what}}: „{{title}}“',
    waitingAction: '„{{title}}“ öffnen und annehmen',
    waitingTrustHint:
      'Markier einen Absender als vertraute Person, dann erreichen dich seine nächsten Aufgaben ohne eigene Mail.',
  },
});

type Role = 'assign' | 'invite';
type Sender = { name: string; email: string };
type T = ReturnType<typeof mailT>;
/** What the sender did, after their name: "assigned you a task". */
const verb = (t: T, role: Role) => t(role);
/** "Ada assigned you a task". */
const didWhat = (t: T, role: Role, name: string) => `${name} ${verb(t, role)}`;

export function acceptMail(
  to: string,
  from: Sender,
  title: string,
  role: Role,
  link: string,
  ttlDays: number,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  const sent = t('acceptSent', { name: from.name, email: from.email, what: verb(t, role), title });
  return noticeMail({
    to,
    language,
    subject: t('acceptSubject', { what: didWhat(t, role, from.name), title }),
    preview: sent,
    heading: didWhat(t, role, from.name),
    reason: t('sentBy', { name: from.name }),
    blocks: [
      sent,
      t('acceptHere', { days: ttlDays }),
      { action: { label: t('acceptAction'), url: link } },
      t('trustHint'),
    ],
  });
}

export function joinInvitationMail(
  to: string,
  from: Sender,
  title: string,
  role: Role,
  link: string,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  const sent = t('joinSent', { name: from.name, email: from.email, what: verb(t, role), title });
  return noticeMail({
    to,
    language,
    subject: t('joinSubject', { what: didWhat(t, role, from.name) }),
    preview: sent,
    heading: didWhat(t, role, from.name),
    reason: t('sentBy', { name: from.name }),
    blocks: [sent, t('joinCreate'), { action: { label: t('createAccount'), url: link } }],
  });
}

/** Tasks whose accept mails a cap held back, in one mail: each with its sender and its accept link. */
export function waitingTasksMail(
  to: string,
  tasks: { title: string; role: Role; from: Sender; link: string }[],
  ttlDays: number,
  language: Language,
): Promise<Mail> {
  const t = mailT(language);
  const count = tasks.length;
  return noticeMail({
    to,
    language,
    subject: t('waiting', { count }),
    preview: tasks.map((task) => task.title).join(' · '),
    heading: t('waitingHeading', { count }),
    reason: t('waitingReason'),
    blocks: [
      t('waitingIntro', { count, days: ttlDays }),
      ...tasks.flatMap((task) => [
        t('waitingTask', {
          name: task.from.name,
          email: task.from.email,
          what: verb(t, task.role),
          title: task.title,
        }),
        { action: { label: t('waitingAction', { title: task.title }), url: task.link } },
      ]),
      t('waitingTrustHint'),
    ],
  });
}
