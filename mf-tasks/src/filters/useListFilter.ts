import type { TaskFilter } from '@baton/contracts';
import { useListQuery } from '@baton/web-platform';
import { useCallback, useMemo } from 'react';
import { filterOf, queryOf } from './query';

/** The list's filters, read from and written to its URL query (the shell keeps that in the address). */
export function useListFilter() {
  const [query, setQuery] = useListQuery();
  const filter = useMemo(() => filterOf(query), [query]);
  const setFilter = useCallback(
    (next: TaskFilter, options?: { replace?: boolean }) => setQuery(queryOf(next), options),
    [setQuery],
  );
  return [filter, setFilter] as const;
}
