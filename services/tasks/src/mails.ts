import type { Mail } from '@baton/mailer';

type Role = 'assign' | 'invite';
const verb = (role: Role) => (role === 'assign' ? 'assigned you a task' : 'invited you to a task');

export function acceptMail(
  to: string,
  from: { name: string; email: string },
  title: string,
  role: Role,
  link: string,
  ttlDays: number,
): Mail {
  return {
    to,
    subject: `${from.name} ${verb(role)}: ${title}`,
    text: [
      `${from.name} (${from.email}) ${verb(role)} on Baton: "${title}".`,
      '',
      `Open it and accept it here (the link works once and expires in ${ttlDays} days):`,
      link,
      '',
      'Mark the sender as a trusted user there, and their next tasks reach you without a mail each time.',
    ].join('\n'),
  };
}

export function joinInvitationMail(
  to: string,
  from: { name: string; email: string },
  title: string,
  role: Role,
  link: string,
): Mail {
  return {
    to,
    subject: `${from.name} ${verb(role)} on Baton`,
    text: [
      `${from.name} (${from.email}) ${verb(role)} on Baton, the team task app: "${title}".`,
      '',
      'Create your account with this e-mail address and the task will be waiting for you:',
      link,
    ].join('\n'),
  };
}

/** Tasks whose accept mails a cap held back, in one mail: each with its sender and its accept link. */
export function waitingTasksMail(
  to: string,
  tasks: { title: string; role: Role; from: { name: string; email: string }; link: string }[],
  ttlDays: number,
): Mail {
  const count = tasks.length === 1 ? 'A task is' : `${tasks.length} tasks are`;
  return {
    to,
    subject: `${count} waiting for you on Baton`,
    text: [
      `${count} waiting for you on Baton. Open each and accept it (each link works once and expires in ${ttlDays} days):`,
      ...tasks.flatMap((task) => [
        '',
        `${task.from.name} (${task.from.email}) ${verb(task.role)}: "${task.title}"`,
        task.link,
      ]),
      '',
      'Mark a sender as a trusted user, and their next tasks reach you without a mail each time.',
    ].join('\n'),
  };
}
