import { createSlice } from '@reduxjs/toolkit';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  useCategory,
  useCloseFolder,
  useCreateFolderSignal,
  useCreateTaskSignal,
  useCurrentUser,
  useNavigateTo,
  useOpenFolder,
  useOpenFolderId,
  useRequestCreateFolder,
  useRequestCreateTask,
} from './context';
import { failureMessage, platformApi } from './state/api';
import { rootReducer } from './state/store';
import { requestCreateFolder, requestCreateTask } from './state/workspace';
import { createTestPlatform } from './testing';
import { mockServer } from './testing-msw';

const server = mockServer();

describe('the platform a remote sees', () => {
  it('starts on Personal Tasks and navigates by category name', () => {
    const { wrapper } = createTestPlatform();
    const { result } = renderHook(() => ({ category: useCategory(), navigateTo: useNavigateTo() }), {
      wrapper,
    });
    expect(result.current.category).toBe('Personal Tasks');
    act(() => void result.current.navigateTo('Settings'));
    expect(result.current.category).toBe('Settings');
  });

  it('exposes the signed-in person', () => {
    const { wrapper } = createTestPlatform();
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('delivers "create task" to the list of its category, once per request', () => {
    const { wrapper } = createTestPlatform();
    const assigned = vi.fn();
    const personal = vi.fn();
    const { result } = renderHook(
      () => {
        useCreateTaskSignal('Assigned Tasks', assigned);
        useCreateTaskSignal('Personal Tasks', personal);
        return { request: useRequestCreateTask(), category: useCategory(), navigateTo: useNavigateTo() };
      },
      { wrapper },
    );
    expect(assigned).not.toHaveBeenCalled();
    act(() => void result.current.request('Assigned Tasks'));
    expect(result.current.category).toBe('Assigned Tasks');
    // Without a category: the current task list.
    act(() => void result.current.request());
    expect(assigned).toHaveBeenCalledTimes(2);
    // From a view that is not a task list: Personal Tasks.
    act(() => void result.current.navigateTo('Settings'));
    act(() => void result.current.request());
    expect(result.current.category).toBe('Personal Tasks');
    expect(personal).toHaveBeenCalledTimes(1);
    expect(assigned).toHaveBeenCalledTimes(2);
  });

  it('keeps a request for the view it opens, which mounts after it was raised', () => {
    const { wrapper, store } = createTestPlatform();
    store.dispatch(requestCreateTask('Invited Tasks'));
    store.dispatch(requestCreateFolder());
    const onTask = vi.fn();
    const onFolder = vi.fn();
    renderHook(
      () => {
        useCreateTaskSignal('Invited Tasks', onTask);
        useCreateFolderSignal(onFolder);
      },
      { wrapper },
    );
    // The newer request replaced the older one.
    expect(onTask).not.toHaveBeenCalled();
    expect(onFolder).toHaveBeenCalledTimes(1);
    expect(store.getState().workspace.request).toBeNull();
    expect(store.getState().workspace.category).toBe('Personal Tasks');
  });

  it('opens a folder inside Personal Tasks and closes it with back, or by choosing any category', () => {
    const { wrapper } = createTestPlatform();
    const { result } = renderHook(
      () => ({
        category: useCategory(),
        folder: useOpenFolderId(),
        open: useOpenFolder(),
        close: useCloseFolder(),
        navigateTo: useNavigateTo(),
      }),
      { wrapper },
    );
    expect(result.current.folder).toBeNull();
    act(() => void result.current.navigateTo('Dashboard'));
    act(() => void result.current.open('folder-1'));
    expect(result.current).toMatchObject({ category: 'Personal Tasks', folder: 'folder-1' });
    act(() => void result.current.close());
    expect(result.current).toMatchObject({ category: 'Personal Tasks', folder: null });
    act(() => void result.current.open('folder-2'));
    // The sidebar's Personal Tasks goes back to the list itself.
    act(() => void result.current.navigateTo('Personal Tasks'));
    expect(result.current.folder).toBeNull();
  });

  it('keeps the folder open for "create task" in Personal Tasks (the task is filed there), not for others', () => {
    const { wrapper } = createTestPlatform();
    const { result } = renderHook(
      () => ({
        folder: useOpenFolderId(),
        category: useCategory(),
        open: useOpenFolder(),
        createTask: useRequestCreateTask(),
        createFolder: useRequestCreateFolder(),
      }),
      { wrapper },
    );
    act(() => void result.current.open('folder-1'));
    act(() => void result.current.createTask());
    expect(result.current).toMatchObject({ category: 'Personal Tasks', folder: 'folder-1' });
    act(() => void result.current.createTask('Personal Tasks'));
    expect(result.current.folder).toBe('folder-1');
    act(() => void result.current.createTask('Assigned Tasks'));
    expect(result.current).toMatchObject({ category: 'Assigned Tasks', folder: null });
    // "Create Folder" is answered by the strip, which shows on Personal Tasks outside any folder.
    act(() => void result.current.open('folder-1'));
    act(() => void result.current.createFolder());
    expect(result.current).toMatchObject({ category: 'Personal Tasks', folder: null });
  });

  it('lets a remote inject its own slice into the running store', () => {
    const { store } = createTestPlatform();
    const notes = createSlice({ name: 'notes', initialState: { count: 3 }, reducers: {} });
    notes.injectInto(rootReducer);
    store.dispatch({ type: 'any' });
    expect((store.getState() as unknown as { notes: { count: number } }).notes.count).toBe(3);
  });

  it('runs injected RTK Query endpoints through the request wrapper (bearer token included)', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('/api/widgets/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json([{ id: 1 }]);
      }),
    );
    const widgets = platformApi.injectEndpoints({
      endpoints: (build) => ({
        listWidgets: build.query<{ id: number }[], void>({ query: () => '/api/widgets/' }),
      }),
    });
    const { store } = createTestPlatform();
    const result = await store.dispatch(widgets.endpoints.listWidgets.initiate());
    expect(result.data).toEqual([{ id: 1 }]);
    await waitFor(() => expect(authorization).toMatch(/^Bearer /));
  });

  it('turns an error body into a message', async () => {
    server.use(http.get('/api/broken/', () => HttpResponse.json({ error: 'Nope.' }, { status: 403 })));
    const broken = platformApi.injectEndpoints({
      endpoints: (build) => ({ broken: build.query<unknown, void>({ query: () => '/api/broken/' }) }),
    });
    const { store } = createTestPlatform();
    const result = await store.dispatch(broken.endpoints.broken.initiate());
    expect(result.error).toEqual({ status: 403, message: 'Nope.' });
    expect(failureMessage(result.error, 'Fallback.')).toBe('Nope.');
  });

  it("falls back to the view's sentence when the server gives none or cannot be reached", async () => {
    server.use(
      http.get('/api/silent/', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
      http.get('/api/down/', () => HttpResponse.error()),
    );
    const calls = platformApi.injectEndpoints({
      endpoints: (build) => ({
        silent: build.query<unknown, void>({ query: () => '/api/silent/' }),
        down: build.query<unknown, void>({ query: () => '/api/down/' }),
      }),
    });
    const { store } = createTestPlatform();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const silent = await store.dispatch(calls.endpoints.silent.initiate());
    expect(silent.error).toEqual({ status: 502, message: null });
    expect(failureMessage(silent.error, 'Fallback.')).toBe('Fallback.');
    const down = await store.dispatch(calls.endpoints.down.initiate());
    expect(down.error).toEqual({ status: 'NETWORK_ERROR', message: null });
    expect(failureMessage(down.error, 'Fallback.')).toBe('Fallback.');
  });
});
