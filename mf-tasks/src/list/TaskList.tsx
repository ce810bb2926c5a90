import type { Task } from '@baton/contracts';
import { Banner, Button, DropdownMenu, Tabs } from '@baton/ui';
import { type TaskListProps, useCreateTaskSignal, useRequestCreateFolder } from '@baton/web-platform';
import { useMemo, useState } from 'react';
import { type TaskWriteResult, useTasksQuery } from '../api';
import { TaskCard } from '../card/TaskCard';
import { TaskFormDialog } from '../form/TaskFormDialog';
import { useLiveTaskEvents } from '../live';
import { messages } from '../messages';
import { addLabel, byCompletion, inView, kindOf, listOf, type Sort, sorts, sortTasks } from '../rules';
import '../tasks.css';

type Tab = 'due' | 'completed';

/**
 * One category's tasks (SPEC §2 "Task list view"), exposed to the shell as `mf-tasks/TaskList`. Personal
 * Tasks lists the unfiled tasks; with `folderId` (SPEC §2 "Folder view") the tasks filed in that folder.
 */
export default function TaskList({ category, folderId }: TaskListProps) {
  // Another folder is another list: its own tab, sort and selection.
  return <CategoryList key={folderId ?? ''} category={category} folderId={folderId} />;
}

function CategoryList({ category, folderId }: TaskListProps) {
  const { data, isLoading, isError, refetch } = useTasksQuery(listOf[category]);
  const [tab, setTab] = useState<Tab>('due');
  const [sort, setSort] = useState<Sort>('Newly Added');
  const [form, setForm] = useState<{ task?: Task } | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const requestCreateFolder = useRequestCreateFolder();
  const label = addLabel[kindOf(category)];

  useCreateTaskSignal(category, () => setForm({}));
  useLiveTaskEvents();

  const inFolder = category === 'Personal Tasks' && folderId !== undefined;
  const mine = useMemo(
    () => (data ?? []).filter((task) => inView(task, category, folderId)),
    [data, category, folderId],
  );
  // Only cards still in this list count as selected: filed in a folder (or deleted), they leave it.
  const selected = useMemo(
    () => new Set([...picked].filter((id) => mine.some((task) => task.id === id))),
    [picked, mine],
  );
  const due = mine.filter((task) => !task.completed);
  const completed = mine.filter((task) => task.completed);
  const shown = tab === 'due' ? sortTasks(due, sort) : byCompletion(completed);

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
          <Button onClick={() => setForm({})}>{label}</Button>
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
        {shown.length > 1 && tab === 'due' ? (
          <DropdownMenu
            label={`Sort: ${sort}`}
            align="end"
            items={sorts.map((option) => ({ label: option, onSelect: () => setSort(option) }))}
          />
        ) : null}
      </div>

      {notice ? (
        <Banner tone="info" onDismiss={() => setNotice(null)}>
          {notice}
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

      <Tabs
        aria-label="Task status"
        value={tab}
        onChange={(id) => setTab(id as Tab)}
        tabs={[
          { id: 'due', label: `Due Now (${due.length})` },
          { id: 'completed', label: `Completed (${completed.length})` },
        ]}
      >
        {isLoading ? (
          <p className="task-list__state" role="status">
            {messages.listLoading}
          </p>
        ) : isError && !data ? (
          <div className="task-list__state" role="alert">
            <p>{messages.listFailed}</p>
            <Button variant="secondary" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState tab={tab} label={label} inFolder={inFolder} onAdd={() => setForm({})} />
        ) : (
          <ul className="task-list__items">
            {shown.map((task) => (
              <li key={task.id}>
                <TaskCard
                  task={task}
                  category={category}
                  selected={selected.has(task.id)}
                  onSelect={onSelect}
                  onEdit={(t) => setForm({ task: t })}
                  dragIds={() => (selected.has(task.id) ? [...selected] : [task.id])}
                />
              </li>
            ))}
          </ul>
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
  onAdd,
}: {
  tab: Tab;
  label: string;
  inFolder: boolean;
  onAdd: () => void;
}) {
  if (tab === 'completed')
    return <p className="task-list__state">No completed tasks yet. Tasks you complete will appear here.</p>;
  return (
    <div className="task-list__state task-list__empty">
      <p className="task-list__empty-title">
        {inFolder ? 'No tasks in this folder yet' : 'No tasks here yet'}
      </p>
      <p>
        {inFolder
          ? 'Add a task here, or drag tasks onto this folder from Personal Tasks.'
          : 'Create your first task to get started.'}
      </p>
      <Button onClick={onAdd}>{label}</Button>
    </div>
  );
}
