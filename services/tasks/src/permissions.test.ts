import { randomUUID } from 'node:crypto';
import { taskListResponse } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from './testing';

/**
 * SPEC §6 through the real routes. The expectations below are written out by hand (not read from
 * `access.ts`), so a change to the rules in the service makes this file fail.
 */
const env = useTestTasks();

type Kind = 'personal' | 'assign' | 'invite';
type Relation = 'owner' | 'recipient' | 'pending' | 'stranger';
type Action = 'edit' | 'delete' | 'complete' | 'progress' | 'logs' | 'comment' | 'comments';

/** The sentences a 403 carries, word for word. */
const says = {
  edit: 'Only the owner can change this task.',
  delete: 'Only the owner can delete this task.',
  complete: 'Only the recipient can complete a delegated task.',
  progress: 'Progress on an assigned task is set by the recipient.',
  accept: 'Accept the task first.',
  notFound: 'Task not found.',
  completed: 'Reopen the task to change its progress.',
  personalComments: 'Personal tasks have no comments.',
  ownLists: 'You can only list your own tasks.',
} as const;

type Outcome = 'ok' | 'hidden' | { forbidden: string };
const ok = 'ok' as const;
const hidden = 'hidden' as const;
const no = (message: string) => ({ forbidden: message });

const strangerRow: Record<Action, Outcome> = {
  edit: hidden,
  delete: hidden,
  complete: hidden,
  progress: hidden,
  logs: hidden,
  comment: hidden,
  comments: hidden,
};
const recipientRow: Record<Action, Outcome> = {
  edit: no(says.edit),
  delete: no(says.delete),
  complete: ok,
  progress: ok,
  logs: ok,
  comment: ok,
  comments: ok,
};
const pendingRow: Record<Action, Outcome> = {
  edit: no(says.edit),
  delete: no(says.delete),
  complete: no(says.accept),
  progress: no(says.accept),
  logs: ok,
  // A pending recipient reads the thread (to decide whether to accept) but does not write in it.
  comment: no(says.accept),
  comments: ok,
};

/** SPEC §6, one row per side of each kind of task. Personal tasks have no recipient. */
const matrix: Record<Kind, Partial<Record<Relation, Record<Action, Outcome>>>> = {
  personal: {
    owner: {
      edit: ok,
      delete: ok,
      complete: ok,
      progress: ok,
      logs: ok,
      comment: no(says.personalComments),
      comments: no(says.personalComments),
    },
    stranger: strangerRow,
  },
  assign: {
    owner: {
      edit: ok,
      delete: ok,
      complete: no(says.complete),
      progress: no(says.progress),
      logs: ok,
      comment: ok,
      comments: ok,
    },
    recipient: recipientRow,
    pending: pendingRow,
    stranger: strangerRow,
  },
  invite: {
    owner: {
      edit: ok,
      delete: ok,
      complete: no(says.complete),
      progress: ok,
      logs: ok,
      comment: ok,
      comments: ok,
    },
    recipient: recipientRow,
    pending: pendingRow,
    stranger: strangerRow,
  },
};

/** Which list shows a task of each kind, and the category each side sees (absent: not listed). */
const listPath: Record<Kind, string> = {
  personal: '/api/tasks/personal/',
  assign: '/get_assigned/',
  invite: '/get_invited/',
};
const listed: Record<Kind, Partial<Record<Relation, string>>> = {
  personal: { owner: 'Personal Tasks' },
  assign: { owner: 'Tasks Delegated - Assigned', recipient: 'Assigned Tasks', pending: 'Assigned Tasks' },
  invite: { owner: 'Tasks Delegated - Invitation', recipient: 'Invited Tasks', pending: 'Invited Tasks' },
};

const kinds = ['personal', 'assign', 'invite'] as const;
const relations = ['owner', 'recipient', 'pending', 'stranger'] as const;
const actions = ['edit', 'delete', 'complete', 'progress', 'logs', 'comment', 'comments'] as const;

const form = {
  title: 'Plan the offsite',
  description: 'Venue, agenda, budget',
  dueDate: '2026-11-20',
  priority: 'Immediate',
};

interface People {
  owner: SignedUpUser;
  recipient: SignedUpUser;
  pending: SignedUpUser;
  stranger: SignedUpUser;
}
let people: People;
beforeAll(async () => {
  const { t } = env;
  people = {
    owner: await t.person({ firstname: 'Olga' }),
    recipient: await t.person({ firstname: 'Rita' }),
    pending: await t.person({ firstname: 'Pia' }),
    stranger: await t.person({ firstname: 'Sam' }),
  };
});

/**
 * A fresh task of `kind` owned by `people.owner`, so no case depends on another. A delegated task goes
 * to the pending person (who never accepts) when `relation` is 'pending', else to the recipient, who
 * accepts it through /accept_task.
 */
async function build(kind: Kind, relation: Relation) {
  const { t } = env;
  const { owner } = people;
  if (kind === 'personal') {
    const res = await t.post('/create_list', form, owner.access);
    expect(res.status).toBe(201);
    return (await readJson(res)).id as string;
  }
  const to = relation === 'pending' ? people.pending : people.recipient;
  const path = kind === 'assign' ? '/send_email/assign_user/' : '/send_email/invite_user';
  const res = await t.post(path, { ...form, email: to.email }, owner.access);
  expect(res.status).toBe(201);
  const id = (await readJson(res)).id as string;
  if (relation !== 'pending') await accept(to, id, kind);
  return id;
}

async function accept(who: SignedUpUser, id: string, role: 'assign' | 'invite') {
  const res = await env.t.post(
    '/accept_task',
    { task_id: id, user_email: who.email, trusted: false, role },
    who.access,
  );
  expect(res.status).toBe(200);
}

/** Everything a request could change about a task: its row, its recipient, its progress history. */
async function snapshot(id: string) {
  const { db } = env.t;
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  const recipient = await db
    .selectFrom('task_recipients')
    .selectAll()
    .where('task_id', '=', id)
    .executeTakeFirst();
  const logs = await db.selectFrom('progress_logs').selectAll().where('task_id', '=', id).execute();
  const comments = await db.selectFrom('comments').selectAll().where('task_id', '=', id).execute();
  return { task, recipient, logs, comments };
}

const editedTitle = 'Plan the offsite (edited)';

function act(kind: Kind, action: Action, id: string, who: SignedUpUser) {
  const { t } = env;
  switch (action) {
    case 'edit':
      return kind === 'personal'
        ? t.post('/create_list', { ...form, id, title: editedTitle }, who.access)
        : t.post('/edit_shared_task/', { ...form, id, title: editedTitle }, who.access);
    case 'delete':
      return t.post(`/delete_list/${id}`, { id }, who.access);
    case 'complete':
      return t.post(`/completed/${id}`, { completed: true }, who.access);
    case 'progress':
      return t.post(`/progress/${id}/`, { progress: 50, message: '' }, who.access);
    case 'logs':
      return t.get(`/progress-logs/${id}/`, who.access);
    case 'comment':
      return t.post('/api/add_comment/', { task_id: id, user_email: who.email, content: 'Hi' }, who.access);
    case 'comments':
      return t.get(`/task_comments/${id}`, who.access);
  }
}

/** What an allowed action must have done to the task. */
async function expectDone(action: Action, id: string, before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot(id);
  switch (action) {
    case 'edit':
      expect(after.task?.title).toBe(editedTitle);
      break;
    case 'delete':
      expect(after.task).toBeUndefined();
      expect(after.recipient).toBeUndefined();
      break;
    case 'complete':
      expect(after.task?.completed).toBe(true);
      expect(after.task?.completed_at).toBeInstanceOf(Date);
      break;
    case 'progress':
      expect(after.task?.progress).toBe(50);
      expect(after.logs).toHaveLength(1);
      expect(after.logs[0]).toMatchObject({ progress: 50, message: '' });
      break;
    case 'comment':
      expect(after.comments).toMatchObject([{ content: 'Hi' }]);
      break;
    case 'logs':
    case 'comments':
      expect(after).toEqual(before);
      break;
  }
}

const cases = kinds.flatMap((kind) =>
  relations.flatMap((relation) => {
    const row = matrix[kind][relation];
    if (!row) return [];
    return actions.map((action) => {
      const outcome = row[action];
      const label = outcome === ok ? 'allowed' : outcome === hidden ? '404' : `403 "${outcome.forbidden}"`;
      return { name: `${kind} task, ${relation}: ${action} -> ${label}`, kind, relation, action, outcome };
    });
  }),
);

describe('the permission matrix (SPEC §6)', () => {
  it('covers every side of every kind of task', () => {
    expect(cases).toHaveLength(2 * 7 + 4 * 7 + 4 * 7);
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, { kind, relation, action, outcome }) => {
      const id = await build(kind, relation);
      const before = await snapshot(id);
      const res = await act(kind, action, id, people[relation]);
      const body = await readJson(res);

      if (outcome === ok) {
        expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(200);
        expect(res.status, JSON.stringify(body)).toBeLessThan(300);
        if (action === 'logs') expect(body).toEqual({ logs: [] });
        if (action === 'comments') expect(body).toEqual({ comments: [] });
        await expectDone(action, id, before);
        return;
      }

      if (outcome === hidden) {
        expect(res.status, JSON.stringify(body)).toBe(404);
        expect(body).toMatchObject({ code: 'not_found', error: says.notFound, message: says.notFound });
        // Indistinguishable from a task that does not exist.
        const missing = await readJson(act(kind, action, randomUUID(), people[relation]));
        expect({ ...body, requestId: undefined }).toEqual({ ...missing, requestId: undefined });
      } else {
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(body).toMatchObject({
          code: 'forbidden',
          error: outcome.forbidden,
          message: outcome.forbidden,
        });
      }
      expect(await snapshot(id)).toEqual(before);
    },
  );
});

const listCases = kinds.flatMap((kind) =>
  relations
    .filter((relation) => matrix[kind][relation])
    .map((relation) => ({
      name: `${kind} task, ${relation}: ${listed[kind][relation] ? `listed as "${listed[kind][relation]}"` : 'not listed'}`,
      kind,
      relation,
      category: listed[kind][relation],
    })),
);

async function listFor(path: string, who: SignedUpUser) {
  const res = await env.t.post(path, { userEmail: who.email }, who.access);
  expect(res.status).toBe(200);
  return taskListResponse.parse(await readJson(res)).tasks;
}

describe('visibility in the lists', () => {
  it.each(listCases.map((c) => [c.name, c] as const))('%s', async (_name, { kind, relation, category }) => {
    const id = await build(kind, relation);
    const who = people[relation];
    for (const other of kinds) {
      const found = (await listFor(listPath[other], who)).filter((task) => task.id === id);
      if (other === kind && category) {
        expect(found, listPath[other]).toHaveLength(1);
        expect(found[0]?.category).toBe(category);
        expect(found[0]?.is_accepted).toBe(relation !== 'pending');
      } else {
        expect(found, listPath[other]).toEqual([]);
      }
    }
  });

  it('shows a delegated task to its owner and recipient with the category of their side, never to a stranger', async () => {
    const { owner, recipient, stranger } = people;
    for (const kind of ['assign', 'invite'] as const) {
      const id = await build(kind, 'recipient');
      const mine = (await listFor(listPath[kind], owner)).find((task) => task.id === id);
      const theirs = (await listFor(listPath[kind], recipient)).find((task) => task.id === id);
      expect(mine?.category).toBe(
        kind === 'assign' ? 'Tasks Delegated - Assigned' : 'Tasks Delegated - Invitation',
      );
      expect(theirs?.category).toBe(kind === 'assign' ? 'Assigned Tasks' : 'Invited Tasks');
      const users = kind === 'assign' ? 'assigned_users' : 'invited_users';
      expect(mine?.[users]).toEqual([recipient.email]);
      expect(theirs?.[users]).toEqual([recipient.email]);
      expect(mine?.owner).toBe(owner.email);
      expect(theirs?.owner).toBe(owner.email);
      for (const path of Object.values(listPath)) {
        expect((await listFor(path, stranger)).map((task) => task.id)).not.toContain(id);
      }
    }
  });

  it("refuses to list someone else's tasks with 403, and accepts one's own e-mail in any case", async () => {
    const { t } = env;
    const { owner, stranger } = people;
    for (const path of Object.values(listPath)) {
      const res = await t.post(path, { userEmail: owner.email }, stranger.access);
      expect(res.status, path).toBe(403);
      expect(await readJson(res)).toMatchObject({
        code: 'forbidden',
        error: says.ownLists,
        message: says.ownLists,
      });
      const own = await t.post(path, { userEmail: owner.email.toUpperCase() }, owner.access);
      expect(own.status, path).toBe(200);
    }
  });
});

describe('the rules, one by one', () => {
  it('the owner of an assigned task cannot set progress; the owner of an invited task can', async () => {
    const { t } = env;
    const { owner } = people;
    const assigned = await build('assign', 'recipient');
    const refused = await t.post(`/progress/${assigned}/`, { progress: 40, message: 'mine' }, owner.access);
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).message).toBe(says.progress);
    expect((await snapshot(assigned)).task?.progress).toBe(0);

    const invited = await build('invite', 'recipient');
    const saved = await t.post(`/progress/${invited}/`, { progress: 40, message: 'mine' }, owner.access);
    expect(saved.status).toBe(200);
    expect((await snapshot(invited)).task?.progress).toBe(40);
    const logs = await readJson(t.get(`/progress-logs/${invited}/`, people.recipient.access));
    expect(logs.logs).toMatchObject([{ progress: 40, message: 'mine', author_name: 'Olga Lovelace' }]);
  });

  it('a recipient can neither edit nor delete, through either edit route', async () => {
    const { t } = env;
    const { recipient } = people;
    for (const kind of ['assign', 'invite'] as const) {
      const id = await build(kind, 'recipient');
      const before = await snapshot(id);
      for (const path of ['/edit_shared_task/', '/create_list']) {
        const res = await t.post(path, { ...form, id, title: 'Hijacked' }, recipient.access);
        expect(res.status, `${kind} ${path}`).toBe(403);
        expect((await readJson(res)).message).toBe(says.edit);
      }
      const deleted = await t.post(`/delete_list/${id}`, { id }, recipient.access);
      expect(deleted.status).toBe(403);
      expect((await readJson(deleted)).message).toBe(says.delete);
      expect(await snapshot(id)).toEqual(before);
    }
  });

  it('each kind of task is edited through its own route', async () => {
    const { t } = env;
    const { owner } = people;
    const personal = await build('personal', 'owner');
    const shared = await build('assign', 'recipient');
    const before = [await snapshot(personal), await snapshot(shared)];
    const wrong1 = await t.post('/edit_shared_task/', { ...form, id: personal, title: 'x' }, owner.access);
    expect(wrong1.status).toBe(400);
    expect((await readJson(wrong1)).message).toBe('A personal task is changed with /create_list.');
    const wrong2 = await t.post('/create_list', { ...form, id: shared, title: 'x' }, owner.access);
    expect(wrong2.status).toBe(400);
    expect((await readJson(wrong2)).message).toBe('A delegated task is changed with /edit_shared_task/.');
    expect([await snapshot(personal), await snapshot(shared)]).toEqual(before);
  });

  it('progress on a completed task is 409 until it is reopened', async () => {
    const { t } = env;
    const cases = [
      { id: await build('personal', 'owner'), who: people.owner },
      { id: await build('assign', 'recipient'), who: people.recipient },
      { id: await build('invite', 'recipient'), who: people.recipient },
    ];
    for (const { id, who } of cases) {
      expect((await t.post(`/completed/${id}`, { completed: true }, who.access)).status).toBe(200);
      const before = await snapshot(id);
      const res = await t.post(`/progress/${id}/`, { progress: 30, message: 'late' }, who.access);
      expect(res.status).toBe(409);
      expect(await readJson(res)).toMatchObject({
        code: 'conflict',
        error: says.completed,
        message: says.completed,
      });
      expect(await snapshot(id)).toEqual(before);

      expect((await t.post(`/completed/${id}`, { completed: false }, who.access)).status).toBe(200);
      const again = await t.post(`/progress/${id}/`, { progress: 30, message: 'late' }, who.access);
      expect(again.status).toBe(200);
      expect((await snapshot(id)).task).toMatchObject({ progress: 30, completed: false, completed_at: null });
    }
  });

  it('once the recipient completes an invited task, its owner gets the 409 too', async () => {
    const { t } = env;
    const id = await build('invite', 'recipient');
    expect((await t.post(`/completed/${id}`, { completed: true }, people.recipient.access)).status).toBe(200);
    const res = await t.post(`/progress/${id}/`, { progress: 10, message: '' }, people.owner.access);
    expect(res.status).toBe(409);
    expect((await readJson(res)).message).toBe(says.completed);
  });

  it('a pending recipient who accepts gains the recipient rights', async () => {
    const { t } = env;
    const id = await build('assign', 'pending');
    const before = await t.post(`/progress/${id}/`, { progress: 20, message: '' }, people.pending.access);
    expect(before.status).toBe(403);
    expect((await readJson(before)).message).toBe(says.accept);
    await accept(people.pending, id, 'assign');
    const after = await t.post(`/progress/${id}/`, { progress: 20, message: '' }, people.pending.access);
    expect(after.status).toBe(200);
  });
});
