import { taskAnswer } from '@baton/contracts';
import { readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

const env = useTestTasks();

describe('GET /api/tasks/{taskId}/ (a task’s own page)', () => {
  it('answers each side with the task as its lists show it, and strangers with 404', async () => {
    const { t } = env;
    const [ana, ben, sam] = [await t.person(), await t.person(), await t.person()];
    const id = await t.delegated(ana, ben, {
      role: 'assign',
      form: { title: 'Ana to Ben' },
      accepted: false,
    });

    const asOwner = await t.get(`/api/tasks/${id}/`, ana.access);
    expect(asOwner.status).toBe(200);
    expect(taskAnswer.parse(await readJson(asOwner)).task).toMatchObject({
      id,
      title: 'Ana to Ben',
      category: 'Tasks Delegated - Assigned',
      // The owner's card names the recipient.
      recipientName: ben.firstname,
    });
    // Not accepted yet: the recipient may look (to accept it), and sees where it will be.
    const asPending = taskAnswer.parse(await readJson(await t.get(`/api/tasks/${id}/`, ben.access))).task;
    expect(asPending).toMatchObject({ category: 'Assigned Tasks', is_accepted: false });

    const asStranger = await t.get(`/api/tasks/${id}/`, sam.access);
    expect(asStranger.status).toBe(404);
    expect(await readJson(asStranger)).toMatchObject({ error: 'Task not found.' });
    const missing = await t.get('/api/tasks/00000000-0000-4000-8000-000000000000/', ana.access);
    expect(missing.status).toBe(404);
    expect((await t.get('/api/tasks/not-an-id/', ana.access)).status).toBe(400);
    expect((await t.get(`/api/tasks/${id}/`)).status).toBe(401);
  });

  it('still answers the dashboard at /api/tasks/summary/', async () => {
    const who = await env.t.person();
    expect((await env.t.get('/api/tasks/summary/', who.access)).status).toBe(200);
  });
});
