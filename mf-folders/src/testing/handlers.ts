import type { Folder } from '@baton/contracts';
import { folderOf } from '@baton/web-platform/testing';
import { HttpResponse, http } from 'msw';
import type { FolderFields } from '../folders/api';

export { folderOf };

export interface FolderCalls {
  lists: Array<'0' | '1'>;
  created: Partial<FolderFields>[];
  updated: Array<{ id: string; body: Partial<FolderFields> }>;
  deleted: string[];
  attached: Array<{ id: string; body: { task_ids: string[] } }>;
}

/**
 * A fake folders service holding `initial`, answering SPEC §7 Folders from it and recording every call
 * (`calls`). Replace a single route with `server.use()` to make it fail.
 */
export function folderServer(initial: Folder[] = []) {
  const state = { folders: [...initial] };
  const calls: FolderCalls = { lists: [], created: [], updated: [], deleted: [], attached: [] };
  const find = (id: unknown) => state.folders.find((folder) => folder.id === id);
  const handlers = [
    http.get('/api/folders/', ({ request }) => {
      const archived = new URL(request.url).searchParams.get('archived') === '1' ? '1' : '0';
      calls.lists.push(archived);
      return HttpResponse.json({
        folders: state.folders.filter((folder) => folder.is_archived === (archived === '1')),
      });
    }),
    http.post('/api/folders/', async ({ request }) => {
      const body = (await request.json()) as Partial<FolderFields>;
      calls.created.push(body);
      const folder = folderOf({
        name: body.name,
        color: body.color === undefined ? '#4299E1' : body.color,
        baseFileKey: body.baseFileKey ?? null,
        baseFileLabel: body.baseFileLabel ?? null,
        baseFileUrl: body.baseFileUrl ?? null,
      });
      state.folders.push(folder);
      return HttpResponse.json(folder, { status: 201 });
    }),
    http.put('/api/folders/:id/', async ({ request, params }) => {
      const body = (await request.json()) as Partial<FolderFields>;
      calls.updated.push({ id: String(params.id), body });
      const folder = find(params.id);
      if (!folder) return HttpResponse.json({ error: 'Folder not found.' }, { status: 404 });
      Object.assign(folder, body);
      return HttpResponse.json(folder);
    }),
    http.delete('/api/folders/:id/', ({ params }) => {
      calls.deleted.push(String(params.id));
      state.folders = state.folders.filter((folder) => folder.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/folders/:id/attach-tasks/', async ({ request, params }) => {
      const body = (await request.json()) as { task_ids: string[] };
      calls.attached.push({ id: String(params.id), body });
      const folder = find(params.id);
      if (!folder) return HttpResponse.json({ error: 'Folder not found.' }, { status: 404 });
      folder.task_count += body.task_ids.length;
      return HttpResponse.json({ folder });
    }),
  ];
  return { state, calls, handlers };
}
