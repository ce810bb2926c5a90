import type { Folder, SearchResponse, SearchResult } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { platformApi } from '@baton/web-platform';
import { useEffect, useState } from 'react';

/** How many tasks the palette lists for a search. */
export const paletteTaskLimit = 8;
/** How long typing must pause before the palette asks the server. */
export const searchDebounceMs = 200;

/** The palette's calls, in the host's store and through its request wrapper (bearer, refresh once on 401). */
const paletteApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    paletteSearch: build.query<SearchResult[], string>({
      query: (q) => `/api/search/?${new URLSearchParams({ q, limit: String(paletteTaskLimit) })}`,
      transformResponse: (body: SearchResponse) => body.results,
      providesTags: ['Task'],
    }),
    paletteFolders: build.query<Folder[], void>({
      query: () => '/api/folders/',
      transformResponse: (body: { folders: Folder[] }) => body.folders,
      providesTags: ['Folder'],
    }),
  }),
});

export const { usePaletteFoldersQuery } = paletteApi;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Tasks matching what is typed, asked once typing pauses. The hook follows only the latest words: an earlier
 * search answering late is never shown over a later one; until the latest answers, the previous answer stays.
 */
export function useTaskSearch(text: string) {
  const q = text.trim().slice(0, limits.searchMax);
  const settled = useDebounced(q, searchDebounceMs);
  const { data, isFetching, isError } = paletteApi.usePaletteSearchQuery(settled, { skip: settled === '' });
  const failed = q !== '' && q === settled && isError && !isFetching;
  return {
    results: q === '' || failed ? [] : (data ?? []),
    searching: q !== '' && (q !== settled || isFetching),
    failed,
  };
}
