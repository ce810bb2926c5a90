import type { SearchResult } from '@baton/contracts';
import { Dialog } from '@baton/ui';
import {
  categories,
  languageNames,
  languages,
  navigateTo,
  openFolder,
  openSettingsSection,
  openTask,
  placeOfView,
  requestCreateTask,
  setLanguage,
  settingsSections,
  showPlace,
  toggleTheme,
  useCategoryText,
  useLanguage,
  usePlatformDispatch,
  useSavedViewsQuery,
  useT,
  useTheme,
} from '@baton/web-platform';
import { Command } from 'cmdk';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { usePaletteFoldersQuery, useTaskSearch } from './api';
import { isPaletteKey, matches, type PaletteCommand } from './commands';
import { paletteBook } from './messages';
import './palette.css';

/**
 * The command palette (Ctrl+K, Cmd+K on a Mac) over the whole workspace: it finds tasks (server search),
 * folders, saved views and actions. The key works from anywhere, a text field included, as palettes do; a
 * second press or Escape closes it, and focus goes back where it was.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event) || event.repeat) return;
      // Before the field or the browser (Ctrl+K is the browser's search box in some) takes it.
      event.preventDefault();
      event.stopPropagation();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  return open ? <Palette onClose={() => setOpen(false)} /> : null;
}

interface Group {
  id: string;
  heading: string;
  commands: PaletteCommand[];
}

function Palette({ onClose }: { onClose: () => void }) {
  const t = useT(paletteBook);
  const categoryText = useCategoryText();
  const dispatch = usePlatformDispatch();
  const language = useLanguage();
  const { theme } = useTheme();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const search = useTaskSearch(text);
  const folders = usePaletteFoldersQuery(undefined, { refetchOnMountOrArgChange: true }).data ?? [];
  const views = useSavedViewsQuery(undefined, { refetchOnMountOrArgChange: true }).data ?? [];

  const groups: Group[] = [
    {
      id: 'actions',
      heading: t('actions'),
      commands: [
        { id: 'create-task', label: t('createTask'), run: () => dispatch(requestCreateTask()) },
        {
          id: 'toggle-theme',
          label: t('toggleTheme'),
          keywords: [t(theme === 'dark' ? 'toggleThemeToLight' : 'toggleThemeToDark'), 'dark light'],
          run: toggleTheme,
        },
        ...languages
          .filter((other) => other !== language)
          .map((other) => ({
            id: `language-${other}`,
            label: t('switchLanguage', { language: languageNames[other] }),
            keywords: ['language', 'Sprache'],
            run: () => void setLanguage(other),
          })),
      ],
    },
    {
      id: 'go-to',
      heading: t('goTo'),
      commands: categories
        .filter((category) => category !== 'Settings')
        .map((category) => ({
          id: `go-${category}`,
          label: categoryText.name(category),
          keywords: [categoryText.heading(category)],
          run: () => dispatch(navigateTo(category)),
        })),
    },
    {
      id: 'folders',
      heading: t('folders'),
      commands: folders.map((folder) => ({
        id: `folder-${folder.id}`,
        label: folder.name,
        run: () => dispatch(openFolder(folder.id)),
      })),
    },
    {
      id: 'views',
      heading: t('views'),
      commands: views.flatMap((view) => {
        const place = placeOfView(view);
        return place
          ? [{ id: `view-${view.id}`, label: view.name, run: () => dispatch(showPlace(place)) }]
          : [];
      }),
    },
    {
      id: 'settings',
      heading: t('settings'),
      commands: [
        { id: 'settings', label: t('openSettings'), run: () => dispatch(navigateTo('Settings')) },
        ...settingsSections.map((section) => ({
          id: `settings-${section}`,
          label: t('openSection', { section: t(`section ${section}`) }),
          run: () => dispatch(openSettingsSection(section)),
        })),
      ],
    },
  ];
  const shown = groups
    .map((group) => ({ ...group, commands: group.commands.filter((command) => matches(command, text)) }))
    .filter((group) => group.commands.length > 0);
  const tasks = search.results;
  const count = tasks.length + shown.reduce((sum, group) => sum + group.commands.length, 0);
  const folderColour = (id: string) => folders.find((folder) => `folder-${folder.id}` === id)?.color;

  /** Closes the palette (focus goes back where it was), then does what was chosen. */
  const choose = (run: () => void) => {
    onClose();
    run();
  };

  return (
    <Dialog open title={t('title')} onClose={onClose} className="palette" initialFocus={input}>
      {/* The list is already filtered (tasks by the server, the rest below), so cmdk only keeps the selection. */}
      <Command label={t('input')} shouldFilter={false} loop vimBindings={false}>
        <Command.Input
          ref={input}
          className="b-input palette__input"
          placeholder={t('placeholder')}
          value={text}
          onValueChange={setText}
        />
        <Command.List className="palette__list" label={t('results')}>
          {search.searching && tasks.length === 0 ? (
            <Command.Loading className="palette__note" label={t('searching')}>
              {t('searching')}
            </Command.Loading>
          ) : null}
          {search.failed ? <p className="palette__note palette__note--error">{t('searchFailed')}</p> : null}
          {!search.searching && count === 0 ? (
            <Command.Empty className="palette__note">{t('none')}</Command.Empty>
          ) : null}
          {tasks.length > 0 ? (
            <Command.Group heading={t('tasks')} className="palette__group">
              {tasks.map((task) => (
                <Command.Item
                  key={task.task_id}
                  value={`task-${task.task_id}`}
                  className="palette__item palette__item--task"
                  onSelect={() => choose(() => dispatch(openTask(task.task_id)))}
                >
                  <TaskResult task={task} />
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {shown.map((group) => (
            <Command.Group key={group.id} heading={group.heading} className="palette__group">
              {group.commands.map((command) => {
                const colour = group.id === 'folders' ? folderColour(command.id) : undefined;
                return (
                  <Command.Item
                    key={command.id}
                    value={command.id}
                    className="palette__item"
                    onSelect={() => choose(command.run)}
                  >
                    {group.id === 'folders' ? (
                      <span
                        className={colour ? 'palette__swatch' : 'palette__swatch palette__swatch--none'}
                        style={colour ? ({ '--folder-color': colour } as CSSProperties) : undefined}
                        aria-hidden="true"
                      />
                    ) : null}
                    {command.label}
                  </Command.Item>
                );
              })}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
      <p className="palette__hint">{t('hint')}</p>
      {/* Said once the list has settled, not at each key. */}
      <p className="b-visually-hidden" role="status">
        {text.trim() && !search.searching ? t('count', { count }) : ''}
      </p>
    </Dialog>
  );
}

/** A found task: its title, the words around the match with the matched ones marked, and where they are. */
function TaskResult({ task }: { task: SearchResult }) {
  const t = useT(paletteBook);
  const categoryText = useCategoryText();
  return (
    <span className="palette__task">
      <span className="palette__task-title">
        {task.where === 'title' ? highlighted(task.snippet, task.highlights) : task.title}
      </span>
      {task.where === 'title' ? null : (
        <span className="palette__task-snippet">{highlighted(task.snippet, task.highlights)}</span>
      )}
      <span className="palette__task-meta">
        {t(`where ${task.where}`)} · {categoryText.name(task.category)}
      </span>
    </span>
  );
}

/** `text` with the [start, end) ranges in <mark>. */
function highlighted(text: string, ranges: SearchResult['highlights']): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start) continue;
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return parts;
}
