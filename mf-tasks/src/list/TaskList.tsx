import type { Task } from '@baton/contracts';
import { Banner, Button, DropdownMenu, Tabs } from '@baton/ui';
import {
  openTask,
  type TaskListProps,
  useCategoryText,
  useCreateTaskSignal,
  usePlatformDispatch,
  useRequestCreateFolder,
  useRequestCreateTask,
  useT,
  viewPathOf,
} from '@baton/web-platform';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type TaskWriteResult, useFolderChoicesQuery, useTaskPagesInfiniteQuery } from '../api';
import { BulkBar, type BulkBarHandle } from '../bulk/BulkBar';
import { bulkBook } from '../bulk/messages';
import { useBulkAction } from '../bulk/useBulkAction';
import { useSelection } from '../bulk/useSelection';
import { TaskCard } from '../card/TaskCard';
import { FilterBar } from '../filters/FilterBar';
import { NoMatches } from '../filters/NoMatches';
import { isFiltered, queryOf } from '../filters/query';
import { SaveViewDialog } from '../filters/SaveViewDialog';
import { useListFilter } from '../filters/useListFilter';
import { TaskFormDialog } from '../form/TaskFormDialog';
import { useTasksT } from '../i18n';
import { useLiveTaskEvents } from '../live';
import { addLabel, capabilities, kindOf, sortName, sorts, type Tab } from '../rules';
import { useAnnouncer } from '../shortcuts/Announcer';
import { ShortcutHelp } from '../shortcuts/ShortcutHelp';
import { useListShortcuts } from '../shortcuts/useListShortcuts';
import { DensityToggle } from './DensityToggle';
import { useRememberedSort } from './rememberedSort';
import '../tasks.css';
import { loadedTasks } from './pages';
import { UnfileTarget } from './UnfileTarget';
import { VirtualTaskList, type VirtualTaskListHandle } from './VirtualTaskList';

/**
 * One category's tasks (SPEC §2 "Task list view"), exposed to the shell as `mf-tasks/TaskList`. Personal
 * Tasks lists the unfiled tasks; with `folderId` (SPEC §2 "Folder view") the tasks filed in that folder.
 */
export default function TaskList({ category, folderId }: TaskListProps) {
  // Another folder is another list: its own tab, sort and selection.
  return <CategoryList key={folderId ?? ''} category={category} folderId={folderId} />;
}

function CategoryList({ category, folderId }: TaskListProps) {
  const t = useTasksT();
  const categories = useCategoryText();
  const [tab, setTab] = useState<Tab>('due');
  const [sort, setSort] = useRememberedSort(category);
  // The filters live in the address (the shell keeps the list's query there): each has its own cached pages.
  const [filter, setFilter] = useListFilter();
  const [savingView, setSavingView] = useState(false);
  const view = useMemo(
    () => ({ category, folderId: folderId ?? null, tab, sort, filter }),
    [category, folderId, tab, sort, filter],
  );
  // `data` is the last view's while another tab or order loads: its counts stay on the tabs meanwhile.
  const {
    data,
    currentData,
    isFetching,
    isError,
    refetch,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    // Live events keep a list current only while one is on screen (its socket closes with it): a list opened
    // again after the person was elsewhere (Settings, the dashboard) asks the server, showing the cached pages
    // meanwhile, so a task that arrived in between is there without a reload.
  } = useTaskPagesInfiniteQuery(view, { refetchOnMountOrArgChange: true });
  const [form, setForm] = useState<{ task?: Task } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** A card's change that failed after the card left the view (completing moves it to the other tab). */
  const [failure, setFailure] = useState<string | null>(null);
  const requestCreateFolder = useRequestCreateFolder();
  const label = addLabel(kindOf(category));
  const received = category === 'Assigned Tasks' || category === 'Invited Tasks';

  useCreateTaskSignal(category, () => setForm({}));
  useLiveTaskEvents();

  const inFolder = category === 'Personal Tasks' && folderId !== undefined;
  // A new order keeps the cards of the old one on screen until it arrives (no "Loading" flash); a new tab does not.
  const lastShown = useRef({ tab, pages: currentData });
  if (currentData) lastShown.current = { tab, pages: currentData };
  const pages = currentData ?? (lastShown.current.tab === tab ? lastShown.current.pages : undefined);
  const shown = useMemo(() => loadedTasks(pages), [pages]);
  const counts = data?.pages[0]?.counts ?? null;
  const selection = useSelection(shown);
  const { selected, select } = selection;
  const bulk = useBulkAction({ onDone: selection.clear, onFailure: setFailure });
  const bulkBar = useRef<BulkBarHandle>(null);
  const cards = useRef<VirtualTaskListHandle>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { announce, region } = useAnnouncer();
  const tBulk = useT(bulkBook);
  const requestCreateTask = useRequestCreateTask();
  const dispatch = usePlatformDispatch();
  const can = capabilities[category];
  const shortcuts = useListShortcuts({
    tasks: shown,
    total: counts?.[tab] ?? shown.length,
    listRef: sectionRef,
    focusCard: (id) => cards.current?.focusCard(id),
    selected,
    select,
    clear: selection.clear,
    announce,
    create: () => requestCreateTask(category),
    edit: can.edit ? (task) => setForm({ task }) : undefined,
    open: (task) => dispatch(openTask(task.id)),
    complete: can.complete
      ? (ids) => void bulk.run(ids, { action: 'complete', value: tab === 'due' })
      : undefined,
    move:
      category === 'Personal Tasks'
        ? (pick) => {
            if (pick) select(pick);
            bulkBar.current?.openFolderMenu();
          }
        : undefined,
    moveRefusal: tBulk('onlyPersonal'),
  });
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  const onSaved = (result: TaskWriteResult) => {
    if (result.invitation_sent) setNotice(result.message || t('invitationSent'));
  };

  return (
    <section
      ref={sectionRef}
      className="task-list"
      aria-label={inFolder ? t('tasksInFolder') : categories.name(category)}
    >
      <div className="task-list__toolbar">
        <div
          className={
            category === 'Personal Tasks' && !inFolder
              ? 'task-list__add task-list__add--split'
              : 'task-list__add'
          }
        >
          {/* A list of tasks others sent: its work is accepting and doing them, so sending one is secondary. */}
          <Button variant={received ? 'secondary' : 'primary'} onClick={() => setForm({})}>
            {label}
          </Button>
          {/* Folders hold tasks, not folders: no "Create Folder" inside one. */}
          {category === 'Personal Tasks' && !inFolder ? (
            <DropdownMenu
              label={<span className="b-visually-hidden">{t('more')}</span>}
              aria-label={t('moreWaysToAdd')}
              variant="primary"
              className="task-list__split"
              items={[{ label: t('createFolder'), onSelect: requestCreateFolder }]}
            />
          ) : null}
        </div>
        <div className="task-list__view">
          {shown.length > 0 ? <DensityToggle /> : null}
          {(counts?.due ?? 0) > 1 && tab === 'due' ? (
            <DropdownMenu
              label={t('sortBy', { sort: sortName(sort) })}
              align="end"
              items={sorts.map((option) => ({ label: sortName(option), onSelect: () => setSort(option) }))}
            />
          ) : null}
        </div>
      </div>

      <FilterBar
        filter={filter}
        onChange={setFilter}
        matching={currentData ? (counts?.[tab] ?? null) : null}
        onSave={() => setSavingView(true)}
      />

      {notice ? (
        <Banner tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      ) : null}
      {failure ? (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      ) : null}
      <BulkBar
        ref={bulkBar}
        category={category}
        tab={tab}
        folderId={inFolder ? folderId : undefined}
        shown={shown.length}
        selected={selected}
        all={selection.all}
        selectAll={selection.selectAll}
        clear={selection.clear}
        run={bulk.run}
        busy={bulk.busy}
      />
      {region}
      <ShortcutHelp open={shortcuts.helpOpen} onClose={shortcuts.closeHelp} />

      {inFolder ? <UnfileTarget tasks={shown} onFailure={setFailure} /> : null}

      <Tabs
        aria-label={t('taskStatus')}
        value={tab}
        onChange={(id) => setTab(id as Tab)}
        tabs={[
          { id: 'due', label: counts ? t('tabCount', { tab: t('tabDue'), count: counts.due }) : t('tabDue') },
          {
            id: 'completed',
            label: counts
              ? t('tabCount', { tab: t('tabCompleted'), count: counts.completed })
              : t('tabCompleted'),
          },
        ]}
      >
        {isFetching && !pages ? (
          <p className="task-list__state" role="status">
            {t('listLoading')}
          </p>
        ) : isError && !pages ? (
          <div className="task-list__state" role="alert">
            <p>{t('listFailed')}</p>
            <Button variant="secondary" onClick={() => refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : shown.length === 0 && isFiltered(filter) ? (
          <NoMatches onClear={() => setFilter({})} />
        ) : shown.length === 0 ? (
          <EmptyState
            tab={tab}
            label={label}
            inFolder={inFolder}
            unfiled={category === 'Personal Tasks' && !inFolder}
            onAdd={() => setForm({})}
          />
        ) : (
          <VirtualTaskList
            ref={cards}
            tasks={shown}
            total={counts?.[tab] ?? shown.length}
            hasMore={hasNextPage}
            loadingMore={isFetchingNextPage}
            loadMoreFailed={isFetchNextPageError}
            loadMore={loadMore}
            card={(task) => (
              <TaskCard
                task={task}
                category={category}
                selected={selected.has(task.id)}
                onSelect={select}
                onEdit={(t) => setForm({ task: t })}
                onFailure={setFailure}
                dragIds={() => (selected.has(task.id) ? [...selected] : [task.id])}
              />
            )}
          />
        )}
      </Tabs>

      {savingView ? (
        <SaveViewDialog
          query={queryOf(filter)}
          path={viewPathOf({ category, openFolderId: folderId ?? null })}
          onClose={() => setSavingView(false)}
        />
      ) : null}
      {form ? (
        <TaskFormDialog
          category={category}
          task={form.task}
          folderId={inFolder ? folderId : undefined}
          onClose={() => setForm(null)}
          onSaved={onSaved}
        />
      ) : null}
    </section>
  );
}

function EmptyState({
  tab,
  label,
  inFolder,
  unfiled,
  onAdd,
}: {
  tab: Tab;
  label: string;
  inFolder: boolean;
  /** Personal Tasks' own list (the unfiled tasks): empty may mean everything is filed. */
  unfiled: boolean;
  onAdd: () => void;
}) {
  const t = useTasksT();
  const { data: folders = [] } = useFolderChoicesQuery(undefined, { skip: !unfiled || tab !== 'due' });
  if (tab === 'completed') return <p className="task-list__state">{t('emptyCompleted')}</p>;
  const allFiled = unfiled && folders.some((folder) => folder.task_count > 0);
  return (
    <div className="task-list__state task-list__empty">
      <p className="task-list__empty-title">
        {t(inFolder ? 'emptyFolderTitle' : allFiled ? 'emptyAllFiledTitle' : 'emptyTitle')}
      </p>
      <p>{t(inFolder ? 'emptyFolder' : allFiled ? 'emptyAllFiled' : 'emptyFirst')}</p>
      <Button onClick={onAdd}>{label}</Button>
    </div>
  );
}
