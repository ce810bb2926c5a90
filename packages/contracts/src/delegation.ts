import { z } from 'zod';
import { email, isoDateTime, limits, uuid } from './common';
import { delegationMessages as m } from './constants';
import { task } from './tasks';

export { delegationMessages } from './constants';

// POST /decline_task: a pending or accepted recipient gives the task back, saying why.
export const declineTaskRequest = z.object({
  task_id: uuid,
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, m.reasonRequired)
    .max(limits.reasonMax, m.reasonTooLong),
});

// POST /propose_due_date: the recipient asks for another due date (one open proposal per task).
export const proposeDueDateRequest = z.object({
  task_id: uuid,
  dueDate: z.iso.date({ error: m.proposalDate }),
  note: z.string({ error: m.noteTooLong }).trim().max(limits.reasonMax, m.noteTooLong).default(''),
});

// POST /answer_proposal: the delegator takes the proposed date, or keeps theirs.
export const answerProposalRequest = z.object({ task_id: uuid, accept: z.boolean() });

// POST /reassign_task: the delegator hands the task to someone else (their own address: back to a personal task).
export const reassignTaskRequest = z.object({ task_id: uuid, email });

/** Where a delegated task stands with its recipient, as the waiting view shows it. */
export const waitingStates = ['pending', 'accepted', 'proposed', 'declined'] as const;
export const waitingState = z.enum(waitingStates);
export type WaitingState = z.infer<typeof waitingState>;

export const waitingTask = z.object({
  task,
  state: waitingState,
  overdue: z.boolean(),
  /** The latest of: sent, accepted, declined, proposed, a comment, a progress note, an edit. */
  lastActivity: isoDateTime,
  /** When the delegator last nudged about it (one nudge a day). */
  nudgedAt: isoDateTime.nullable(),
});
export type WaitingTask = z.infer<typeof waitingTask>;

/** One person the delegator is waiting on, and their open tasks: overdue first, then by due date. */
export const waitingPerson = z.object({
  /** Their first name, or the address when they have no account or gave none. */
  name: z.string(),
  email: z.string(),
  open: z.number().int(),
  overdue: z.number().int(),
  tasks: z.array(waitingTask),
});
export type WaitingPerson = z.infer<typeof waitingPerson>;

// GET /api/tasks/waiting/: people with overdue tasks first (most overdue first), then by their soonest due date.
export const waitingResponse = z.object({ people: z.array(waitingPerson) });
export type WaitingResponse = z.infer<typeof waitingResponse>;
