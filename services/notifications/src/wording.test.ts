import { describe, expect, it } from 'vitest';
import { eventOf, sampleTask } from './testing';
import { dueWords, excerpt, leaverOf, liveTaskMessage, notificationsFor } from './wording';

const [ana, ben] = ['0b4f5c1e-8d52-4c55-9d9e-4d6c7a0e0a01', '0b4f5c1e-8d52-4c55-9d9e-4d6c7a0e0a02'];

describe('dueWords', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('says the weekday, day and month, and the year only when it is not this one', () => {
    expect(dueWords('2026-11-28', now)).toBe(', due Sat 28 Nov');
    expect(dueWords('2027-01-04', now)).toBe(', due Mon 4 Jan 2027');
    expect(dueWords('2026-12-01T09:30:00.000Z', now)).toBe(', due Tue 1 Dec');
  });
  it('says nothing without a usable date', () => {
    expect(dueWords(null, now)).toBe('');
    expect(dueWords('someday', now)).toBe('');
  });
});

describe('excerpt', () => {
  it('keeps short text whole and cuts long text at a word', () => {
    expect(excerpt('  Tables   done\n')).toBe('Tables done');
    const long = `${'word '.repeat(40)}end`;
    const cut = excerpt(long, 30);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(31);
  });
});

describe('notificationsFor', () => {
  it('names the actor and never notifies them', () => {
    const event = eventOf('tasks.task.completed', {
      actorId: ben,
      audience: [ana, ben, ana],
      data: { task: sampleTask({ completed: true }) },
    });
    expect(notificationsFor(event, 'Ben')).toEqual([
      {
        userId: ana,
        type: 'success',
        title: 'Task completed',
        message: 'Ben completed “Quarterly report”.',
        taskId: event.data.task.id,
        action: null,
      },
    ]);
  });

  it('offers Accept to the recipient of a pending assignment or invitation only; a deleted task has no link', () => {
    const task = sampleTask();
    const offered = (type: 'tasks.task.assigned' | 'tasks.task.invited', accepted = false) =>
      notificationsFor(
        eventOf(type, {
          actorId: ana,
          audience: [ana, ben],
          data: {
            task: { ...task, is_accepted: accepted },
            recipientEmail: 'ben@example.com',
            recipientId: ben,
          },
        }),
        'Ana',
      ).map(({ userId, taskId, action }) => ({ userId, taskId, action }));
    expect(offered('tasks.task.assigned')).toEqual([
      { userId: ben, taskId: task.id, action: 'assign_accept' },
    ]);
    expect(offered('tasks.task.invited')).toEqual([
      { userId: ben, taskId: task.id, action: 'invite_accept' },
    ]);
    // A trusted sender's task is accepted already.
    expect(offered('tasks.task.assigned', true)).toEqual([{ userId: ben, taskId: task.id, action: null }]);
    const deleted = eventOf('tasks.task.deleted', {
      actorId: ana,
      audience: [ana, ben],
      data: { taskId: task.id, title: 'Quarterly report' },
    });
    expect(notificationsFor(deleted, 'Ana')[0]).toMatchObject({ taskId: null, action: null });
  });

  it('has nothing to say about a new personal task', () => {
    const event = eventOf('tasks.task.created', {
      actorId: ana,
      audience: [ana, ben],
      data: { task: sampleTask() },
    });
    expect(notificationsFor(event, 'Ana')).toEqual([]);
    expect(liveTaskMessage(event)).toBeUndefined();
  });

  it('a progress update without a note ends with a full stop', () => {
    const event = eventOf('tasks.task.progress', {
      actorId: ben,
      audience: [ana, ben],
      data: { taskId: sampleTask().id, title: 'Quarterly report', progress: 25, message: '  ' },
    });
    expect(notificationsFor(event, 'Ben')[0]?.message).toBe('Ben moved “Quarterly report” to 25%.');
  });
});

describe('the delegation loop', () => {
  const cleo = '0b4f5c1e-8d52-4c55-9d9e-4d6c7a0e0a03';
  it('a reassignment is told to the previous recipient only, with nothing to open; their lists let it go', () => {
    const task = sampleTask();
    const event = eventOf('tasks.task.reassigned', {
      actorId: ana,
      audience: [ana, cleo, ben],
      data: {
        task,
        previousRecipientId: ben,
        previousEmail: 'ben@example.com',
        recipientId: cleo,
        recipientEmail: 'cleo@example.com',
      },
    });
    expect(notificationsFor(event, 'Ana').map(({ userId, taskId }) => ({ userId, taskId }))).toEqual([
      { userId: ben, taskId: null },
    ]);
    expect(liveTaskMessage(event)).toEqual({ type: 'task_added', task_id: task.id });
    expect(leaverOf(event)).toEqual({ userId: ben, message: { type: 'task_delete', task_id: task.id } });
  });

  it('a nudge is for the recipient, who may accept from it while the task waits for that', () => {
    const task = sampleTask({ assigned_users: ['ben@example.com'] });
    const nudged = (accepted: boolean) =>
      notificationsFor(
        eventOf('tasks.task.nudged', {
          actorId: ana,
          audience: [ana, ben],
          data: {
            task: { ...task, is_accepted: accepted },
            recipientId: ben,
            recipientEmail: 'ben@example.com',
          },
        }),
        'Ana',
      ).map(({ userId, action }) => ({ userId, action }));
    expect(nudged(false)).toEqual([{ userId: ben, action: 'assign_accept' }]);
    expect(nudged(true)).toEqual([{ userId: ben, action: null }]);
  });
});
