import { enqueueEvent } from '@baton/service-kit';
import { accountDeletion, readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { delegateMessages } from '../routes/tasks/tasks.service';
import { eventually, useTestTasks } from '../testing';

const env = useTestTasks();
const form = { title: 'Plan the offsite', dueDate: '2026-12-20', priority: 'Moderate' };

describe('projections from identity', () => {
  it('deleting an account erases its tasks and its recipient entries', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const own = await readJson(t.post('/create_list', form, ada.access));
    const toBob = await readJson(
      t.post('/send_email/assign_user/', { ...form, email: bob.email }, ada.access),
    );
    const fromBob = await readJson(
      t.post('/send_email/invite_user', { ...form, email: ada.email }, bob.access),
    );
    const res = await t.identity.post('/delete-account/', accountDeletion(ada), ada.access);
    expect(res.status).toBe(200);
    await eventually(async () => !(await t.knows(ada.email)));
    const left = await t.db
      .selectFrom('tasks')
      .select('id')
      .where('id', 'in', [own.id, toBob.id, fromBob.id])
      .execute();
    expect(left.map((r) => r.id)).toEqual([fromBob.id]);
    const recipients = await t.db
      .selectFrom('task_recipients')
      .selectAll()
      .where('task_id', '=', fromBob.id)
      .execute();
    expect(recipients).toEqual([]);
    const bobsView = await readJson(t.post('/get_assigned/', { userEmail: bob.email }, bob.access));
    expect(bobsView.tasks).toEqual([]);
  });

  it('removing trust brings the accept mail back', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    await t.trust(bob, ada);
    const trusted = await readJson(
      t.post('/send_email/assign_user/', { ...form, email: bob.email }, ada.access),
    );
    expect(trusted.message).toBe(delegateMessages.trusted);
    const [entry] = await readJson(t.identity.call('GET', '/api/settings/trusted-users/', bob.access));
    expect((await t.identity.call('DELETE', `/trusted-users/${entry.id}/`, bob.access)).status).toBe(200);
    await eventually(
      async () =>
        !(await t.db
          .selectFrom('trusts')
          .select('owner_id')
          .where('owner_id', '=', bob.id)
          .executeTakeFirst()),
    );
    const again = await readJson(
      t.post('/send_email/assign_user/', { ...form, email: bob.email }, ada.access),
    );
    expect(again.message).toBe(delegateMessages.assigned);
    await t.smtp.waitFor(bob.email, { match: (m) => m.text.includes(again.id) });
  });
});

describe('projections from folders', () => {
  it('follows folder names and colours, attached tasks and deleted folders', async () => {
    const { t } = env;
    const ada = await t.person();
    const { id: taskId } = await readJson(t.post('/create_list', form, ada.access));
    const folderId = crypto.randomUUID();
    const folder = {
      id: folderId,
      name: 'Offsite',
      color: '#9F7AEA',
      baseFileKey: null,
      baseFileLabel: null,
      baseFileUrl: null,
      sort_order: 0,
      is_archived: false,
      task_count: 0,
      attachmentUrl: null,
      created_at: new Date().toISOString(),
    };
    // The folders service does not exist yet: its events are written the way it will write them.
    const publish = async (write: (trx: Parameters<typeof enqueueEvent>[0]) => Promise<unknown>) => {
      await t.db.transaction().execute(async (trx) => {
        await write(trx);
      });
      t.tasks.relay.kick();
    };
    const folderOf = async () =>
      (await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access))).tasks[0].folder;
    await publish((trx) =>
      enqueueEvent(trx, 'folders.folder.created', { actorId: ada.id, audience: [ada.id], data: { folder } }),
    );
    await publish((trx) =>
      enqueueEvent(trx, 'folders.tasks.attached', {
        actorId: ada.id,
        audience: [ada.id],
        data: { folderId, taskIds: [taskId] },
      }),
    );
    await eventually(async () => (await folderOf())?.name === 'Offsite');
    await publish((trx) =>
      enqueueEvent(trx, 'folders.folder.updated', {
        actorId: ada.id,
        audience: [ada.id],
        data: { folder: { ...folder, name: 'Retreat' } },
      }),
    );
    await eventually(async () => (await folderOf())?.name === 'Retreat');
    expect(await folderOf()).toEqual({ id: folderId, name: 'Retreat', color: '#9F7AEA' });
    await publish((trx) =>
      enqueueEvent(trx, 'folders.folder.deleted', {
        actorId: ada.id,
        audience: [ada.id],
        data: { folderId },
      }),
    );
    await eventually(async () => (await folderOf()) === null);
  });
});
