import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeLayout } from './layout';
import { TaskDragProvider, useTaskDrag, useTaskDropTarget } from './tasks-drag';

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = fakeLayout();
});
afterEach(() => undoLayout());

/** Targets sit below the origin, where happy-dom places the unmeasured drag overlay. */
function Card({ id, ids }: { id: string; ids: string[] }) {
  const drag = useTaskDrag(id, {
    ids: () => ids,
    label: () => (ids.length > 1 ? `${ids.length} tasks` : `“${id}”`),
  });
  return (
    <article ref={drag.cardRef} {...drag.cardProps} data-rect="0,200,300,100">
      <button type="button" ref={drag.handleRef} {...drag.handleProps} data-rect="0,200,20,20">
        Move {id}
      </button>
      <button type="button">Edit {id}</button>
    </article>
  );
}

function Target({
  id,
  name,
  left,
  onDrop,
  disabled,
}: {
  id: string;
  name: string;
  left: number;
  onDrop: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const target = useTaskDropTarget(id, { name, onDrop, disabled });
  return (
    <div ref={target.ref} data-rect={`${left},400,100,50`} data-over={target.isOver || undefined}>
      {name}
    </div>
  );
}

function Board(props: { onWork: (ids: string[]) => void; onHome: (ids: string[]) => void; ids?: string[] }) {
  return (
    <TaskDragProvider>
      <Target id="work" name="Work" left={0} onDrop={props.onWork} />
      <Target id="home" name="Home" left={120} onDrop={props.onHome} />
      <Target id="old" name="Old" left={240} onDrop={props.onHome} disabled />
      <Card id="t1" ids={props.ids ?? ['t1']} />
    </TaskDragProvider>
  );
}

it('moves tasks to a folder from the keyboard: Space picks up, arrows choose, Space drops', async () => {
  const user = userEvent.setup();
  const onWork = vi.fn();
  const onHome = vi.fn();
  render(<Board onWork={onWork} onHome={onHome} ids={['t1', 't2']} />);
  const handle = screen.getByRole('button', { name: 'Move t1' });
  expect(handle.getAttribute('aria-roledescription')).toBe('draggable');
  handle.focus();
  await user.keyboard(' ');
  expect(await screen.findByText('Moving 2 tasks')).toBeTruthy();
  await user.keyboard('{ArrowRight}');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.getByText('Work').getAttribute('data-over')).toBe('true');
  await user.keyboard('{ArrowRight}');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.getByText('Home').getAttribute('data-over')).toBe('true');
  await user.keyboard(' ');
  expect(onHome).toHaveBeenCalledWith(['t1', 't2']);
  expect(onWork).not.toHaveBeenCalled();
  expect(screen.queryByText('Moving 2 tasks')).toBeNull();
  // Screen readers hear where the tasks went.
  expect(await screen.findByText('2 tasks moved to the folder Home.')).toBeTruthy();
});

it('Escape cancels: nothing is dropped', async () => {
  const user = userEvent.setup();
  const onWork = vi.fn();
  render(<Board onWork={onWork} onHome={vi.fn()} />);
  screen.getByRole('button', { name: 'Move t1' }).focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowRight}');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  await user.keyboard('{Escape}');
  expect(onWork).not.toHaveBeenCalled();
  expect(await screen.findByText('Moving “t1” was cancelled.')).toBeTruthy();
});

it('the card’s own controls never start a drag', async () => {
  const user = userEvent.setup();
  render(<Board onWork={vi.fn()} onHome={vi.fn()} />);
  screen.getByRole('button', { name: 'Edit t1' }).focus();
  await user.keyboard(' ');
  expect(screen.queryByText('Moving “t1”')).toBeNull();
});
