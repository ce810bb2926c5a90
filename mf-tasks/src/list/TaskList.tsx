import type { Task } from '@baton/contracts';
import { Banner, Button, DropdownMenu, Tabs } from '@baton/ui';
import { type TaskListProps, useCreateTaskSignal, useRequestCreateFolder } from '@baton/web-platform';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type TaskWriteResult, useFolderChoicesQuery, useTaskPagesInfiniteQuery } from '../api';
import { TaskCard } from '../card/TaskCard';
import { TaskFormDialog } from '../form/TaskFormDialog';
import { useLiveTaskEvents } from '../live';
import { messages } from '../messages';
import { addLabel, kindOf, sorts, type Tab } from '../rules';
import { DensityToggle } from './DensityToggle';
import { useRememberedSort } from './rememberedSort';
import '../tasks.css';
import { loadedTasks } from './pages';
import { UnfileTarget } from './UnfileTarget';
import { VirtualTaskList } from './VirtualTaskList';

/**
 * One category's tasks (SPEC §2 "Task list view"), exposed to the shell as `mf-tasks/TaskList`. Personal
 * Tasks lists the unfiled tasks; with `folderId` (SPEC §2 "Folder view") the tasks filed in that folder.
 */
export default function TaskList({ category, folderId }: TaskListProps) {
  // Another folder is another list: its own tab, sort and selection.
  return <CategoryList key={folderId ?? ''} category={category} folderId={folderId} />;
}

function CategoryList({ category, folderId }: TaskListProps) {
  const [tab, setTab] = useState<Tab>('due');
  const [sort, setSort] = useRememberedSort(category);
  const view = useMemo(
    () => ({ category, folderId: folderId ?? null, tab, sort }),
    [category, folderId, tab, sort],
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
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  /** A card's change that failed after the card left the view (completing moves it to the other tab). */
  const [failure, setFailure] = useState<string | null>(null);
  const requestCreateFolder = useRequestCreateFolder();
  const label = addLabel[kindOf(category)];
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
  // Only cards still in this list count as selected: filed in a folder (or deleted), they leave it.
  const selected = useMemo(
    () => new Set([...picked].filter((id) => shown.some((task) => task.id === id))),
    [picked, shown],
  );
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  const onSelect = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onSaved = (result: TaskWriteResult) => {
    if (result.invitation_sent) setNotice(result.message || messages.invitationSent);
  };

  return (
    <section className="task-list" aria-label={inFolder ? 'Tasks in this folder' : category}>
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
              label={<span className="b-visually-hidden">More</span>}
              aria-label="More ways to add"
              variant="primary"
              className="task-list__split"
              items={[{ label: 'Create Folder', onSelect: requestCreateFolder }]}
            />
          ) : null}
        </div>
        <div className="task-list__view">
          {shown.length > 0 ? <DensityToggle /> : null}
          {(counts?.due ?? 0) > 1 && tab === 'due' ? (
            <DropdownMenu
              label={`Sort: ${sort}`}
              align="end"
              items={sorts.map((option) => ({ label: option, onSelect: () => setSort(option) }))}
            />
          ) : null}
        </div>
      </div>

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
      {selected.size > 0 ? (
        <p className="task-list__selection" role="status">
          {selected.size} selected{' '}
          <button type="button" className="task-link" onClick={() => setPicked(new Set())}>
            Clear selection
          </button>
        </p>
      ) : null}

      {inFolder ? <UnfileTarget tasks={shown} onFailure={setFailure} /> : null}

      <Tabs
        aria-label="Task status"
        value={tab}
        onChange={(id) => setTab(id as Tab)}
        tabs={[
          { id: 'due', label: `Due Now${counts ? ` (${counts.due})` : ''}` },
          { id: 'completed', label: `Completed${counts ? ` (${counts.completed})` : ''}` },
        ]}
      >
        {isFetching && !pages ? (
          <p className="task-list__state" role="status">
            {messages.listLoading}
          </p>
        ) : isError && !pages ? (
          <div className="task-list__state" role="alert">
            <p>{messages.listFailed}</p>
            <Button variant="secondary" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
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
                onSelect={onSelect}
                onEdit={(t) => setForm({ task: t })}
                onFailure={setFailure}
                dragIds={() => (selected.has(task.id) ? [...selected] : [task.id])}
              />
            )}
          />
        )}
      </Tabs>

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
  const { data: folders = [] } = useFolderChoicesQuery(undefined, { skip: !unfiled || tab !== 'due' });
  if (tab === 'completed')
    return <p className="task-list__state">No completed tasks yet. Tasks you complete will appear here.</p>;
  const allFiled = unfiled && folders.some((folder) => folder.task_count > 0);
  return (
    <div className="task-list__state task-list__empty">
      <p className="task-list__empty-title">
        {inFolder
          ? 'No tasks in this folder yet'
          : allFiled
            ? 'All your tasks are in folders'
            : 'No tasks here yet'}
      </p>
      <p>
        {inFolder
          ? 'Add a task here, or drag tasks onto this folder from Personal Tasks.'
          : allFiled
            ? 'Open a folder above to see its tasks, or add a task that belongs to none.'
            : 'Create your first task to get started.'}
      </p>
      <Button onClick={onAdd}>{label}</Button>
    </div>
  );
}
