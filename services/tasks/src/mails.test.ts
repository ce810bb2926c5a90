import type { Mail } from '@baton/mailer';
import { describeAxeChecks, hrefsOf, linesOf } from '@baton/mailer/testing';
import { describe, expect, it } from 'vitest';
import { acceptMail, joinInvitationMail, waitingTasksMail } from './mails';

const accept = (n: number) =>
  `http://baton.test/accept-task?uidb64=u&token=t-${n}&taskId=task-${n}&action=assign_accept`;
const signup = 'http://baton.test/signup';
const ada = { name: 'Ada', email: 'ada@example.com' };
const first = { title: 'Task 11', role: 'assign' as const, from: ada, link: accept(11) };
const waiting = [
  first,
  {
    title: 'Task 12',
    role: 'invite' as const,
    from: { name: 'Cy', email: 'cy@example.com' },
    link: accept(12),
  },
];

/** Each mail with its subject, the links it must carry and a sentence of its text part. */
const cases: [string, () => Promise<Mail>, string, string[], string][] = [
  [
    'accept',
    () => acceptMail('bob@example.com', ada, 'Board papers', 'assign', accept(1), 7, 'en'),
    'Ada assigned you a task: Board papers',
    [accept(1)],
    'Open it and accept it here (the link works once and expires in 7 days):',
  ],
  [
    'join invitation',
    () => joinInvitationMail('new@example.com', ada, 'Board papers', 'invite', signup, 'en'),
    'Ada invited you to a task on Baton',
    [signup],
    'Ada (ada@example.com) invited you to a task on Baton, the team task app: "Board papers".',
  ],
  [
    'waiting tasks',
    () => waitingTasksMail('bob@example.com', waiting, 7, 'en'),
    '2 tasks are waiting for you on Baton',
    [accept(11), accept(12)],
    'Cy (cy@example.com) invited you to a task: "Task 12"',
  ],
  [
    'accept, in German',
    () => acceptMail('bob@example.com', ada, 'Board papers', 'assign', accept(1), 7, 'de'),
    'Ada hat dir eine Aufgabe zugewiesen: Board papers',
    [accept(1)],
    'Öffne sie und nimm sie hier an (der Link funktioniert einmal und läuft in 7 Tagen ab):',
  ],
  [
    'join invitation, in German',
    () => joinInvitationMail('new@example.com', ada, 'Board papers', 'invite', signup, 'de'),
    'Ada hat dich zu einer Aufgabe eingeladen auf Baton',
    [signup],
    'Leg mit dieser E-Mail-Adresse ein Konto an, dann wartet die Aufgabe schon auf dich:',
  ],
  [
    'waiting tasks, in German',
    () => waitingTasksMail('bob@example.com', waiting, 7, 'de'),
    'Auf Baton warten 2 Aufgaben auf dich',
    [accept(11), accept(12)],
    'Cy (cy@example.com) hat dich zu einer Aufgabe eingeladen: „Task 12“',
  ],
];

describe('tasks mails', () => {
  it.each(cases)(
    '%s: its subject, HTML and text, each link once in text on its own line, no List-Unsubscribe',
    async (_, make, subject, links, sentence) => {
      const mail = await make();
      expect(mail.subject).toBe(subject);
      expect(hrefsOf(mail.html ?? '')).toEqual(expect.arrayContaining(links));
      const lines = linesOf(mail.text);
      expect(lines).toEqual(expect.arrayContaining([sentence]));
      for (const link of links) {
        expect(lines).toContain(link);
        expect(mail.text.split(link)).toHaveLength(2); // once: the button is for HTML only
      }
      expect(mail.headers).toBeUndefined();
    },
  );

  it('counts one waiting task in the singular', async () => {
    expect((await waitingTasksMail('bob@example.com', [first], 7, 'en')).subject).toBe(
      'A task is waiting for you on Baton',
    );
  });

  it('shows a title with markup as text', async () => {
    const title = '<script>alert(1)</script>';
    for (const mail of [
      await acceptMail('bob@example.com', ada, title, 'assign', accept(1), 7, 'en'),
      await waitingTasksMail('bob@example.com', [{ ...first, title }], 7, 'en'),
    ]) {
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain(`"${title}"`);
    }
  });

  describeAxeChecks(cases);
});
