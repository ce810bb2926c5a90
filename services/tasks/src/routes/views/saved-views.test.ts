import { findMessages, limits, view, viewsResponse } from '@baton/contracts';
import { accountDeletion, readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';

const env = useTestTasks();
const path = '/api/views/';
const week = { name: 'This week', query: 'due=week&priority=Immediate', path: 'tasks/personal' };

describe('saved views: GET/POST /api/views/, DELETE /api/views/{viewId}/', () => {
  it('saves, lists by name, replaces a name saved again, and deletes', async () => {
    const { t } = env;
    const ada = await t.person();
    const saved = await t.post(path, week, ada.access);
    expect(saved.status).toBe(201);
    const first = view.parse(await readJson(saved));
    expect(first).toMatchObject(week);
    await t.post(path, { name: 'anything open', query: 'state=pending', path: 'tasks/assigned' }, ada.access);

    const again = view.parse(
      await readJson(t.post(path, { ...week, query: 'due=today', path: 'folders/x' }, ada.access)),
    );
    expect(again).toEqual({ id: first.id, name: week.name, query: 'due=today', path: 'folders/x' });
    const list = viewsResponse.parse(await readJson(t.get(path, ada.access))).views;
    // By name, case aside; the name saved twice is there once.
    expect(list.map((v) => v.name)).toEqual(['anything open', 'This week']);

    const gone = await t.call('DELETE', `${path}${first.id}/`, ada.access);
    expect(gone.status).toBe(200);
    expect(viewsResponse.parse(await readJson(t.get(path, ada.access))).views.map((v) => v.name)).toEqual([
      'anything open',
    ]);
    // A view as the issue writes one, `{name, query}`: of Personal Tasks.
    const plain = await t.post(path, { name: 'Urgent', query: 'priority=Immediate' }, ada.access);
    expect(plain.status).toBe(201);
    expect(view.parse(await readJson(plain))).toMatchObject({
      query: 'priority=Immediate',
      path: 'tasks/personal',
    });
    const twice = await t.call('DELETE', `${path}${first.id}/`, ada.access);
    expect(twice.status).toBe(404);
    expect((await readJson(twice)).error).toBe(findMessages.viewNotFound);
  });

  it("keeps each person's views their own", async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const mine = view.parse(await readJson(t.post(path, week, ada.access)));
    // The same name is another view for another person.
    const theirs = view.parse(await readJson(t.post(path, week, bob.access)));
    expect(theirs.id).not.toBe(mine.id);
    expect(viewsResponse.parse(await readJson(t.get(path, bob.access))).views).toEqual([theirs]);

    const foreign = await t.call('DELETE', `${path}${mine.id}/`, bob.access);
    expect(foreign.status).toBe(404);
    expect((await readJson(foreign)).error).toBe(findMessages.viewNotFound);
    expect(viewsResponse.parse(await readJson(t.get(path, ada.access))).views).toEqual([mine]);
    expect((await t.get(path)).status).toBe(401);
    expect((await t.post(path, week)).status).toBe(401);
    expect((await t.call('DELETE', `${path}not-an-id/`, ada.access)).status).toBe(400);
  });

  it('takes names and queries up to their limits, and refuses longer or empty ones', async () => {
    const { t } = env;
    const ada = await t.person();
    const save = (body: object) => t.post(path, { ...week, ...body }, ada.access);
    expect((await save({ name: 'n'.repeat(limits.viewName) })).status).toBe(201);
    const long = await save({ name: 'n'.repeat(limits.viewName + 1) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await readJson(long))).toContain(findMessages.viewNameTooLong);
    expect((await save({ name: '   ' })).status).toBe(400);
    expect((await save({ name: 'q', query: 'q'.repeat(limits.viewQuery) })).status).toBe(201);
    expect((await save({ name: 'q', query: 'q'.repeat(limits.viewQuery + 1) })).status).toBe(400);
    expect((await save({ path: '../../etc' })).status).toBe(400);
    expect((await save({ query: undefined })).status).toBe(400);
  });

  it(`keeps at most ${limits.viewsMax} views a person: 409 past it, and a name saved again still replaces`, async () => {
    const { t } = env;
    const ada = await t.person();
    await t.db
      .insertInto('saved_views')
      .values(
        Array.from({ length: limits.viewsMax - 1 }, (_, i) => ({
          user_id: ada.id,
          name: `view ${i}`,
          query: '',
          path: 'tasks/personal',
        })),
      )
      .execute();
    expect((await t.post(path, { ...week, name: 'the last one' }, ada.access)).status).toBe(201);
    const full = await t.post(path, { ...week, name: 'one too many' }, ada.access);
    expect(full.status).toBe(409);
    expect((await readJson(full)).error).toBe(findMessages.viewsFull);
    expect((await t.post(path, { ...week, name: 'view 3', query: 'due=none' }, ada.access)).status).toBe(201);
    const list = viewsResponse.parse(await readJson(t.get(path, ada.access))).views;
    expect(list).toHaveLength(limits.viewsMax);
    expect(list.find((v) => v.name === 'view 3')?.query).toBe('due=none');
  });

  it("leave with the person's account", async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    await t.post(path, week, ada.access);
    await t.post(path, week, bob.access);
    expect((await t.identity.post('/delete-account/', accountDeletion(ada), ada.access)).status).toBe(200);
    const countOf = async (userId: string) =>
      (await t.db.selectFrom('saved_views').select('id').where('user_id', '=', userId).execute()).length;
    await eventually(async () => (await countOf(ada.id)) === 0);
    expect(await countOf(bob.id)).toBe(1);
  });
});
