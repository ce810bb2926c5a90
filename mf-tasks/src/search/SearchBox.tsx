import type { SearchResult } from '@baton/contracts';
import { openTask, usePlatformDispatch, useT } from '@baton/web-platform';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { findBook } from '../filters/messages';
import { categoryKey, useTasksT } from '../i18n';
import { searchLimit, useSearchQuery } from './api';
import { searchShortcut } from './focus';
import { Highlight } from './Highlight';
import { useDebounced } from './useDebounced';

const whereKey = {
  title: 'whereTitle',
  description: 'whereDescription',
  note: 'whereNote',
  comment: 'whereComment',
  attachment: 'whereAttachment',
} as const satisfies Record<SearchResult['where'], string>;

/**
 * The list's search box: as the person types (after a short pause) it shows the best matches of everything
 * they may see, the matched words marked, and hands the words to the list as its `q` filter. Only the answer
 * to the words now in the box is shown (an older answer arriving late is ignored). Arrow keys move through the
 * results, Enter or a click opens one, Escape closes them. `/` focuses it (`focusSearch`).
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const t = useT(findBook);
  const tt = useTasksT();
  const dispatch = usePlatformDispatch();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const term = useDebounced(text).trim();
  // The list's `q` changed from elsewhere (Back, Clear all, a saved view): the box shows it.
  const shown = useRef(value);
  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    setText(value);
  }, [value]);
  // The settled words filter the list too.
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (term === shown.current.trim()) return;
    shown.current = term;
    latest.current(term);
  }, [term]);

  const settled = term !== '' && term === text.trim();
  const { currentData: results, isError } = useSearchQuery(
    { q: term, limit: searchLimit },
    { skip: !term || !open },
  );
  const expanded = open && text.trim() !== '';
  const options = expanded && settled ? (results ?? []) : [];

  const choose = (result: SearchResult) => {
    setOpen(false);
    dispatch(openTask(result.task_id));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const result = options[active] ?? options[0];
      if (!result) return;
      event.preventDefault();
      choose(result);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the results only; the words stay (a second Escape is the browser's: it clears the box).
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const status = !term
    ? ''
    : isError
      ? t('searchFailed')
      : !settled || !results
        ? t('searching')
        : results.length === 0
          ? t('noResults')
          : t('results', { count: results.length });

  return (
    <div className="task-search">
      <input
        type="search"
        className="b-input task-search__input"
        role="combobox"
        aria-label={t('search')}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        data-shortcut={searchShortcut}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className="task-search__popup" hidden={!expanded}>
        <div id={listId} role="listbox" aria-label={t('resultsLabel')} className="task-search__results">
          {options.map((result, index) => (
            <div
              key={result.task_id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`task-search__result${index === active ? ' task-search__result--active' : ''}`}
              // Before the box's blur closes the results, so the press lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(result);
              }}
            >
              <span className="task-search__title">
                {result.where === 'title' ? (
                  <Highlight text={result.snippet} highlights={result.highlights} />
                ) : (
                  result.title
                )}
              </span>
              {result.where === 'title' ? null : (
                <span className="task-search__snippet">
                  <Highlight text={result.snippet} highlights={result.highlights} />
                </span>
              )}
              <span className="task-search__where">
                {t('matchIn', { where: t(whereKey[result.where]), list: tt(categoryKey[result.category]) })}
              </span>
            </div>
          ))}
        </div>
        {expanded && options.length === 0 && status ? <p className="task-search__state">{status}</p> : null}
      </div>
      <span className="b-visually-hidden" role="status">
        {expanded ? status : ''}
      </span>
    </div>
  );
}
