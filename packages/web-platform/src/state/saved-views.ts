import type { View } from '@baton/contracts';
import { platformApi } from './api';
import { pathOf, placeOf, type WorkspacePlace } from './paths';

/**
 * Saved views (`GET/POST /api/views/`, `DELETE /api/views/{viewId}/`): one set of endpoints in the shared API
 * for the shell's sidebar, which lists them, and the tasks remote, which saves them; saving or deleting one
 * refreshes every list of them through the `View` tag.
 */
const savedViewsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    savedViews: build.query<View[], void>({
      query: () => '/api/views/',
      transformResponse: (body: { views: View[] }) => body.views,
      providesTags: ['View'],
    }),
    saveView: build.mutation<View, Omit<View, 'id'>>({
      query: (body) => ({ url: '/api/views/', method: 'POST', body }),
      invalidatesTags: (_view, error) => (error ? [] : ['View']),
    }),
    deleteView: build.mutation<unknown, string>({
      query: (viewId) => ({ url: `/api/views/${encodeURIComponent(viewId)}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['View']),
    }),
  }),
});

export const { useSavedViewsQuery, useSaveViewMutation, useDeleteViewMutation } = savedViewsApi;

/** A saved view's `path`: its list's path under /home/ ('' for Personal Tasks, `folders/<id>`, `assigned`…). */
export const viewPathOf = (place: WorkspacePlace) => pathOf(place).replace(/^\/home\/?/, '');

/** The place a saved view opens (its list with its query); undefined when its path names no list. */
export function placeOfView(view: Pick<View, 'path' | 'query'>): WorkspacePlace | undefined {
  const place = placeOf(`/home/${view.path}`);
  return place && !place.openTaskId ? { ...place, query: view.query } : undefined;
}
