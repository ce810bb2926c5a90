import { randomUUID } from 'node:crypto';
import { errorBody } from '@baton/contracts';
import { hostileBodies } from '@baton/service-kit/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, expect, it } from 'vitest';
import { useTestFolders } from '../testing';

/**
 * Every body route of folders and of files' presign, fed bad input: a 4xx with the one error body, and
 * nothing stored changes.
 */
const env = useTestFolders();
const t = () => env.t;
let ana: SignedUpUser;
let folderId: string;

beforeAll(async () => {
  ana = await t().person();
  folderId = (await readJson(t().folderCall('POST', '/api/folders/', ana.access, { name: 'Kept' }))).id;
});

const stored = async () => ({
  folders: await t().foldersDb.selectFrom('folders').selectAll().orderBy('id').execute(),
  uploads: await t().files.files.deps.db.selectFrom('uploads').selectAll().orderBy('key').execute(),
});
const raw = (
  app: 'folders' | 'files',
  method: string,
  path: string,
  body: string,
  type = 'application/json',
) =>
  (app === 'folders' ? t().folders.app : t().files.files.app).request(path, {
    method,
    headers: { 'content-type': type, authorization: `Bearer ${ana.access}` },
    body,
  });

const routes = () =>
  [
    ['folders', 'POST', '/api/folders/', { name: 'New', baseFileLabel: 'Label' }],
    ['folders', 'PUT', `/api/folders/${folderId}/`, { name: 'Renamed', baseFileLabel: 'Label' }],
    ['folders', 'POST', `/api/folders/${folderId}/attach-tasks/`, { task_ids: [randomUUID()] }],
    ['files', 'POST', '/api/uploads/presign/', { filename: 'a.txt', contentType: 'text/plain' }],
  ] as const;

it('refuses hostile bodies, malformed JSON and non-JSON on every body route, storing nothing', async () => {
  const before = await stored();
  for (const [app, method, path, valid] of routes()) {
    const cases = [
      ...hostileBodies(valid as Record<string, unknown>).map((c) => ({ ...c, type: 'application/json' })),
      {
        name: 'malformed JSON',
        body: '{"name":',
        message: 'Request body is not valid JSON.',
        type: 'application/json',
      },
      {
        name: 'not JSON',
        body: 'name=x',
        message: 'Request body must be JSON (Content-Type: application/json).',
        type: 'text/plain',
      },
    ];
    for (const c of cases) {
      const res = await raw(app, method, path, c.body, c.type);
      expect(res.status, `${path}: ${c.name}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path}: ${c.name}`).toBeLessThan(500);
      const body = errorBody.parse(await res.json());
      expect(body.message, `${path}: ${c.name}`).toBe(c.message);
    }
  }
  expect(await stored()).toEqual(before);
});

it('refuses ids that are not UUIDs with 400', async () => {
  for (const path of ['/api/folders/not-a-uuid/', '/api/folders/not-a-uuid/preview-basefile/']) {
    const method = path.endsWith('preview-basefile/') ? 'GET' : 'PUT';
    const res = await t().folderCall(method, path, ana.access, method === 'PUT' ? { name: 'x' } : undefined);
    expect(res.status, path).toBe(400);
  }
  expect((await t().folderCall('DELETE', '/api/folders/not-a-uuid/', ana.access)).status).toBe(400);
});
