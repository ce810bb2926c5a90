import type { SearchResult } from '@baton/contracts';
import { platformApi } from '@baton/web-platform';

/** Results a search box shows at most. */
export const searchLimit = 8;

/** `GET /api/search/?q=&limit=`: every task the person may see, ranked, each with its best match. */
const searchApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResult[], { q: string; limit: number }>({
      query: ({ q, limit }) => `/api/search/?${new URLSearchParams({ q, limit: String(limit) })}`,
      transformResponse: (body: { results: SearchResult[] }) => body.results,
      // A search is a moment's question: kept briefly (typing back to a term reuses it), then asked anew.
      keepUnusedDataFor: 15,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
