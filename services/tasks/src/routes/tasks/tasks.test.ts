import { task, taskListResponse, taskMessages, taskWriteResponse } from '@baton/contracts';
import { readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';
import { taskWriteMessages } from './tasks.routes';
import { delegateMessages } from './tasks.service';

const env = useTestTasks();
const form = {
  title: 'Write the brief',
  description: 'Two pages',
  dueDate: '2026-12-01',
  priority: 'Moderate',
};

describe('personal tasks', () => {
  it('creates a task and lists it for its owner only', async () => {
    const { t } = env;
    const ada = await t.person();
    const bob = await t.person();
    const created = await t.post('/create_list', form, ada.access);
    expect(created.status).toBe(201);
    const body = taskWriteResponse.parse(await readJson(created));
    expect(body.message).toBe(taskWriteMessages.created);

    const list = taskListResponse.parse(
      await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access)),
    );
    expect(list.tasks).toHaveLength(1);
    expect(list.tasks[0]).toMatchObject({
      id: body.id,
      title: 'Write the brief',
      description: 'Two pages',
      dueDate: '2026-12-01',
      priority: 'Moderate',
      progress: 0,
      completed: false,
      owner: ada.email,
      firstName: 'Ada',
      is_accepted: true,
      category: 'Personal Tasks',
    });
    const other = await readJson(t.post('/api/tasks/personal/', { userEmail: bob.email }, bob.access));
    expect(other.tasks).toEqual([]);
  });

  it('refuses a form without title, due date or priority with the spec message', async () => {
    const { t } = env;
    const ada = await t.person();
    for (const missing of ['title', 'dueDate', 'priority']) {
      const res = await t.post('/create_list', { ...form, [missing]: undefined }, ada.access);
      expect(res.status, missing).toBe(400);
      expect((await readJson(res)).error).toBe(taskMessages.required);
    }
  });
});

describe('delegating', () => {
  it('assigns to a registered person: pending until accepted, an accept link by mail', async () => {
    const { t } = env;
    const ada = await t.person();
    const bob = await t.person({ firstname: 'Bob' });
    const res = await t.post('/send_email/assign_user/', { ...form, email: bob.email }, ada.access);
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({ invitation_sent: false, message: delegateMessages.assigned, error: null });
    const mail = await t.smtp.waitFor(bob.email);
    expect(mail.text).toMatch(
      /http:\/\/baton\.test\/accept-task\?uidb64=[\w-]+&token=[\w-]+&taskId=[\w-]+&action=assign_accept/,
    );

    const bobs = await readJson(t.post('/get_assigned/', { userEmail: bob.email }, bob.access));
    expect(bobs.tasks.map((x: unknown) => task.parse(x))).toMatchObject([
      { id: body.id, category: 'Assigned Tasks', is_accepted: false, assigned_users: [bob.email] },
    ]);
    const adas = await readJson(t.post('/get_assigned/', { userEmail: ada.email }, ada.access));
    expect(adas.tasks).toMatchObject([{ id: body.id, category: 'Tasks Delegated - Assigned' }]);
  });
});
