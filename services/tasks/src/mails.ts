import { type Mail, noticeMail } from '@baton/mailer';

type Role = 'assign' | 'invite';
type Sender = { name: string; email: string };
const verb = (role: Role) => (role === 'assign' ? 'assigned you a task' : 'invited you to a task');
const sentBy = (name: string) => `You got this mail because ${name} sent a task to this address on Baton.`;

export function acceptMail(
  to: string,
  from: Sender,
  title: string,
  role: Role,
  link: string,
  ttlDays: number,
): Promise<Mail> {
  const sent = `${from.name} (${from.email}) ${verb(role)} on Baton: "${title}".`;
  return noticeMail({
    to,
    subject: `${from.name} ${verb(role)}: ${title}`,
    preview: sent,
    heading: `${from.name} ${verb(role)}`,
    reason: sentBy(from.name),
    blocks: [
      sent,
      `Open it and accept it here (the link works once and expires in ${ttlDays} days):`,
      { action: { label: 'Open and accept the task', url: link } },
      'Mark the sender as a trusted user there, and their next tasks reach you without a mail each time.',
    ],
  });
}

export function joinInvitationMail(
  to: string,
  from: Sender,
  title: string,
  role: Role,
  link: string,
): Promise<Mail> {
  const sent = `${from.name} (${from.email}) ${verb(role)} on Baton, the team task app: "${title}".`;
  return noticeMail({
    to,
    subject: `${from.name} ${verb(role)} on Baton`,
    preview: sent,
    heading: `${from.name} ${verb(role)}`,
    reason: sentBy(from.name),
    blocks: [
      sent,
      'Create your account with this e-mail address and the task will be waiting for you:',
      { action: { label: 'Create your account', url: link } },
    ],
  });
}

/** Tasks whose accept mails a cap held back, in one mail: each with its sender and its accept link. */
export function waitingTasksMail(
  to: string,
  tasks: { title: string; role: Role; from: Sender; link: string }[],
  ttlDays: number,
): Promise<Mail> {
  const count = tasks.length === 1 ? 'A task is' : `${tasks.length} tasks are`;
  return noticeMail({
    to,
    subject: `${count} waiting for you on Baton`,
    preview: tasks.map((task) => task.title).join(' · '),
    heading: tasks.length === 1 ? 'A task to accept' : 'Tasks to accept',
    reason: 'You got this mail because tasks were sent to this address on Baton.',
    blocks: [
      `${count} waiting for you on Baton. Open each and accept it (each link works once and expires in ${ttlDays} days):`,
      ...tasks.flatMap((task) => [
        `${task.from.name} (${task.from.email}) ${verb(task.role)}: "${task.title}"`,
        { action: { label: `Open and accept "${task.title}"`, url: task.link } },
      ]),
      'Mark a sender as a trusted user, and their next tasks reach you without a mail each time.',
    ],
  });
}
