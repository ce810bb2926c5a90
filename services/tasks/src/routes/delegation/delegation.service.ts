import type {
  answerProposalRequest,
  declineTaskRequest,
  proposeDueDateRequest,
  reassignTaskRequest,
  WaitingPerson,
  WaitingResponse,
  WaitingState,
} from '@baton/contracts';
import { delegationMessages as m } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import {
  type AuthContext,
  badRequest,
  conflict,
  enqueueEvent,
  enqueueMail,
  HttpError,
  notFound,
  tooManyAttempts,
} from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs, relationOf } from '../../access';
import type { TasksDeps, TasksTrx } from '../../context';
import { joinInvitationMail } from '../../mails';
import { endCommentSockets } from '../comments/comments.service';
import { audienceOf, taskView, taskViewIn, toTask } from '../tasks/tasks.repository';
import { delegateMessages, handOver, recipientFor, written } from '../tasks/tasks.service';
import {
  changeTask,
  claimNudge,
  dropAcceptLinks,
  dropRecipient,
  lockTask,
  noProposal,
  notDeclined,
  secondsUntilNudge,
  useUpAcceptLinks,
  type WaitingRow,
  waitingRows,
} from './delegation.repository';

type Body<S extends z.ZodType> = z.output<S>;

const people = (...ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/**
 * The delegated task `taskId`, locked until the transaction ends, if `userId` is on `side` of it: a stranger
 * gets the task's 404, a personal task 400, the other side 403, a completed task 409.
 */
async function delegatedTask(trx: TasksTrx, taskId: string, userId: string, side: 'owner' | 'recipient') {
  await lockTask(trx, taskId);
  const row = await taskView(trx, taskId);
  const relation = row ? relationOf(row, userId) : 'stranger';
  if (!row || relation === 'stranger') throw notFound('Task not found.');
  if (row.kind === 'personal') throw badRequest(m.notDelegated);
  if (side === 'owner' && relation !== 'owner') throw new HttpError(403, 'forbidden', m.onlyOwner);
  if (side === 'recipient' && relation === 'owner') throw new HttpError(403, 'forbidden', m.onlyRecipient);
  if (row.completed) throw conflict(m.completed);
  return row;
}

/**
 * /decline_task: the recipient (pending or accepted) gives the task back, saying why. Their entry goes, and
 * with it their lists, comments and sockets; the task stays the owner's, marked with who declined and why.
 */
export function declineTask(deps: TasksDeps, me: AuthContext, body: Body<typeof declineTaskRequest>) {
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const row = await delegatedTask(trx, body.task_id, me.userId, 'recipient');
    const email = row.recipient_email ?? me.email;
    await dropRecipient(trx, row.id);
    await useUpAcceptLinks(trx, row.id);
    await changeTask(trx, row.id, {
      recipient_id: null,
      declined_by_id: me.userId,
      declined_by_email: email,
      declined_by_name: row.recipient_first_name || null,
      decline_reason: body.reason,
      declined_at: new Date(),
      ...noProposal,
    });
    await endCommentSockets(trx, row.id, [me.userId]);
    const view = await taskViewIn(trx, row.id);
    await enqueueEvent(trx, 'tasks.task.declined', {
      actorId: me.userId,
      // The decliner too: the task leaves their lists.
      audience: people(row.owner_id, me.userId),
      data: {
        task: toTask(view, row.owner_id),
        recipientId: me.userId,
        recipientName: row.recipient_first_name || email,
        reason: body.reason,
      },
    });
    return { message: m.declined };
  });
}

/** /propose_due_date: the recipient asks for another due date, with a note; one open proposal at a time. */
export function proposeDueDate(deps: TasksDeps, me: AuthContext, body: Body<typeof proposeDueDateRequest>) {
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const row = await delegatedTask(trx, body.task_id, me.userId, 'recipient');
    if (row.proposed_due_date) throw conflict(m.proposalOpen);
    if (row.due_date?.slice(0, 10) === body.dueDate) throw badRequest(m.proposalSameDate);
    await changeTask(trx, row.id, {
      proposed_due_date: body.dueDate,
      proposal_note: body.note,
      proposed_at: new Date(),
    });
    const view = await taskViewIn(trx, row.id);
    await enqueueEvent(trx, 'tasks.task.date_proposed', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: {
        task: toTask(view, row.owner_id),
        recipientId: me.userId,
        dueDate: body.dueDate,
        note: body.note,
      },
    });
    return { message: m.proposed };
  });
}

/** /answer_proposal: the owner takes the proposed date (the due date moves) or keeps theirs; either closes it. */
export function answerProposal(deps: TasksDeps, me: AuthContext, body: Body<typeof answerProposalRequest>) {
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const row = await delegatedTask(trx, body.task_id, me.userId, 'owner');
    if (!row.proposed_due_date) throw conflict(m.noProposal);
    await changeTask(trx, row.id, {
      ...noProposal,
      ...(body.accept ? { due_date: row.proposed_due_date } : {}),
    });
    const view = await taskViewIn(trx, row.id);
    const task = toTask(view, row.owner_id);
    const event = { actorId: me.userId, audience: audienceOf(view) };
    if (view.recipient_id)
      await enqueueEvent(trx, 'tasks.task.proposal_answered', {
        ...event,
        data: { task, recipientId: view.recipient_id, accepted: body.accept, dueDate: task.dueDate ?? '' },
      });
    // The one who proposed closed their account since: the owner's other tabs still hear of it.
    else await enqueueEvent(trx, 'tasks.task.updated', { ...event, data: { task } });
    return { message: body.accept ? m.proposalAccepted : m.proposalRejected };
  });
}

/**
 * /reassign_task: the owner hands an open delegated task (declined or not) to another address, as delegating
 * would (trust, accept link, invitation to join, mail caps), or, to their own address, takes it back as a
 * personal task. The previous recipient loses it; its declined mark, proposal and nudge start over.
 */
export function reassignTask(
  deps: TasksDeps,
  me: AuthContext,
  body: Body<typeof reassignTaskRequest>,
  /** The owner's language (their request's): the language of the mail it sends. */
  language: Language,
) {
  const email = body.email.toLowerCase();
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const row = await delegatedTask(trx, body.task_id, me.userId, 'owner');
    if (row.recipient_email?.toLowerCase() === email) throw badRequest(m.reassignSame);
    const previous = { id: row.recipient_id, email: row.recipient_email };
    const actorId = me.userId;
    await dropRecipient(trx, row.id);
    await dropAcceptLinks(trx, row.id);
    const afresh = { ...notDeclined, ...noProposal, last_nudged_at: null };
    /** The owner, the new recipient and the previous one hear of it (the previous one's lists let it go). */
    const reassigned = async (to: { recipientId: string | null; recipientEmail: string | null }) => {
      const view = await taskViewIn(trx, row.id);
      const task = toTask(view, actorId);
      await enqueueEvent(trx, 'tasks.task.reassigned', {
        actorId,
        audience: people(...audienceOf(view), previous.id),
        data: { task, previousRecipientId: previous.id, previousEmail: previous.email, ...to },
      });
      return { task, audience: audienceOf(view) };
    };

    if (email === me.email.toLowerCase()) {
      await changeTask(trx, row.id, { ...afresh, kind: 'personal', recipient_id: null });
      // A personal task has no comments: every socket on its thread closes.
      await endCommentSockets(trx, row.id, people(row.owner_id, previous.id));
      await reassigned({ recipientId: null, recipientEmail: null });
      return written(row.id, m.tookBack);
    }

    const to = await recipientFor(trx, email, actorId);
    await changeTask(trx, row.id, { ...afresh, recipient_id: to.recipient?.id ?? null });
    if (previous.id) await endCommentSockets(trx, row.id, [previous.id]);
    const role = row.kind === 'assign' ? 'assign' : 'invite';
    const handed = await handOver(deps, trx, me, { id: row.id, title: row.title, role }, email, to, language);
    const recipientId = to.recipient?.id ?? null;
    const { task, audience } = await reassigned({ recipientId, recipientEmail: email });
    // The new recipient hears of it as of any task sent to them (their bell's Accept, their lists).
    await enqueueEvent(trx, role === 'assign' ? 'tasks.task.assigned' : 'tasks.task.invited', {
      actorId,
      audience,
      data: { task, recipientEmail: email, recipientId },
    });
    const message = handed.invitationSent ? delegateMessages.notFound : m.reassigned;
    return written(row.id, message, handed.invitationSent);
  });
}

/**
 * POST /nudge/{taskId}/: the owner reminds the recipient of an open task, at most once a day per task (429
 * with the wait after). notifications tells a registered recipient by their channels (a mail at once by
 * default); an address with no account yet gets its invitation to join again, within the mail caps.
 */
export function nudgeTask(deps: TasksDeps, me: AuthContext, taskId: string, language: Language) {
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const row = await delegatedTask(trx, taskId, me.userId, 'owner');
    const email = row.recipient_email;
    if (!email) throw conflict(m.noRecipient);
    if (!(await claimNudge(trx, row.id)))
      throw tooManyAttempts(m.nudgeTooSoon, await secondsUntilNudge(trx, row.id));
    if (!row.recipient_id) {
      await deps.mailCaps.consume(trx, email, me.userId);
      const signup = new URL(pagePaths.signup, deps.config.PUBLIC_URL).toString();
      const from = { name: row.owner_first_name || me.email, email: me.email };
      const role = row.kind === 'assign' ? 'assign' : 'invite';
      await enqueueMail(trx, await joinInvitationMail(email, from, row.title, role, signup, language));
    }
    const view = await taskViewIn(trx, row.id);
    await enqueueEvent(trx, 'tasks.task.nudged', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task: toTask(view, row.owner_id), recipientId: row.recipient_id, recipientEmail: email },
    });
    return { message: m.nudged };
  });
}

const stateOf = (row: WaitingRow): WaitingState => {
  if (row.declined_at) return 'declined';
  if (row.proposed_due_date) return 'proposed';
  return row.accepted_at ? 'accepted' : 'pending';
};

/**
 * People by their soonest due date, then by name: those with overdue tasks come first (the most overdue first),
 * an overdue date being earlier than any other; people whose tasks have no due date come last.
 */
const byUrgency = (a: WaitingPerson, b: WaitingPerson) => {
  // ISO dates order as text; no due date sorts after any.
  const soonest = (p: WaitingPerson) => p.tasks[0]?.task.dueDate ?? '~';
  const [x, y] = [soonest(a), soonest(b)];
  return x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name);
};

/**
 * GET /api/tasks/waiting/: every open task the caller delegated, by the person it waits on (a declined one
 * under whoever declined it), each person's tasks by due date (so the overdue ones first). One query.
 */
export async function waitingOn(deps: TasksDeps, me: AuthContext): Promise<WaitingResponse> {
  const byPerson = new Map<string, WaitingPerson>();
  for (const row of await waitingRows(deps.db, me.userId)) {
    let person = byPerson.get(row.person_email);
    if (!person) {
      person = { name: row.person_name, email: row.person_email, open: 0, overdue: 0, tasks: [] };
      byPerson.set(row.person_email, person);
    }
    person.open += 1;
    if (row.overdue) person.overdue += 1;
    person.tasks.push({
      task: toTask(row, me.userId),
      state: stateOf(row),
      overdue: row.overdue,
      lastActivity: new Date(row.last_activity).toISOString(),
      nudgedAt: row.last_nudged_at?.toISOString() ?? null,
    });
  }
  return { people: [...byPerson.values()].sort(byUrgency) };
}
