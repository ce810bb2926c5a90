import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubRemotes } from '../testing';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

function controlledLoader() {
  const asked: string[] = [];
  let showList: () => void = () => undefined;
  const load = stubRemotes((remote, view) => {
    asked.push(`${remote}/${view}`);
    if (view !== 'TaskList') return Promise.resolve({ default: () => <p>{view} here</p> });
    return new Promise((resolve) => {
      showList = () => resolve({ default: () => <p>TaskList here</p> });
    });
  });
  return { asked, load, showList: () => showList() };
}

describe('secondary remote areas', () => {
  it('load once the main area has rendered its view', async () => {
    const { asked, showList } = await renderBellAndList();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toEqual(['mf-tasks/TaskList']);
    act(() => showList());
    expect(await screen.findByText('TaskList here')).toBeInTheDocument();
    expect(await screen.findByText('NotificationBell here')).toBeInTheDocument();
    expect(asked).toEqual(['mf-tasks/TaskList', 'mf-notifications/NotificationBell']);
  });

  it('load after a while even when the main area never arrives', async () => {
    vi.useFakeTimers();
    const { asked, patienceMs } = await renderBellAndList();
    await act(() => vi.advanceTimersByTimeAsync(patienceMs - 100));
    expect(asked).toEqual(['mf-tasks/TaskList']);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(asked).toEqual(['mf-tasks/TaskList', 'mf-notifications/NotificationBell']);
    expect(screen.getByText('NotificationBell here')).toBeInTheDocument();
  });
});

/**
 * The bell (secondary) and the task list (main), from fresh modules (the main view is shown once per page
 * load), with a loader that holds the list back until `showList`.
 */
async function renderBellAndList() {
  const { RemoteArea, RemoteLoaderContext } = await import('./RemoteArea');
  const { patienceMs } = await import('./mainView');
  const loader = controlledLoader();
  render(
    <RemoteLoaderContext value={loader.load}>
      <RemoteArea remote="mf-notifications" module="NotificationBell" title="Notifications" secondary />
      <RemoteArea remote="mf-tasks" module="TaskList" title="Tasks" props={{ category: 'Personal Tasks' }} />
    </RemoteLoaderContext>,
  );
  return { ...loader, patienceMs };
}
