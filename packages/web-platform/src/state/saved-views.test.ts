import { describe, expect, it } from 'vitest';
import { placeOfView, viewPathOf } from './saved-views';
import {
  type Category,
  categories,
  navigateTo,
  openFolder,
  setListQuery,
  showPlace,
  workspaceSlice,
} from './workspace';

const reduce = workspaceSlice.reducer;
const start = reduce(undefined, { type: 'init' });

describe("a saved view's list", () => {
  it.each(categories.filter((c): c is Category => c !== 'Settings'))(
    '%s: its path opens it again',
    (category) => {
      const path = viewPathOf({ category, openFolderId: null });
      expect(path).not.toMatch(/^\//);
      expect(placeOfView({ path, query: 'due=week' })).toEqual({
        category,
        openFolderId: null,
        query: 'due=week',
      });
    },
  );

  it("a folder's view is its folder, and a path that names no list opens nothing", () => {
    const folder = '00000000-0000-4000-8000-000000000001';
    expect(viewPathOf({ category: 'Personal Tasks', openFolderId: folder })).toBe(`folders/${folder}`);
    expect(placeOfView({ path: `folders/${folder}`, query: '' })).toMatchObject({ openFolderId: folder });
    expect(placeOfView({ path: 'nowhere', query: '' })).toBeUndefined();
    expect(placeOfView({ path: `tasks/${folder}`, query: '' })).toBeUndefined();
  });
});

describe("the list's query in the workspace", () => {
  it('goes with its place: another place starts without it, a place shown from an address brings its own', () => {
    let state = reduce(start, setListQuery({ query: 'priority=Immediate', replace: true }));
    expect(state).toMatchObject({ query: 'priority=Immediate', queryReplaces: true });
    expect(reduce(state, navigateTo('Assigned Tasks')).query).toBe('');
    expect(reduce(state, openFolder('f1')).query).toBe('');
    state = reduce(state, showPlace({ category: 'Assigned Tasks', openFolderId: null, query: 'due=week' }));
    expect(state).toMatchObject({ category: 'Assigned Tasks', query: 'due=week', queryReplaces: false });
  });
});
