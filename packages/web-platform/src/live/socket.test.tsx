import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAuth } from '../auth/storage';
import { createTestPlatform, FakeWebSocket, testUser } from '../testing';
import { connectLiveSocket, reconnectDelayMs, socketUrl, useLiveSocket, useResumableSocket } from './socket';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Delays between the close of one attempt and the start of the next, as the socket scheduled them. */
async function delaysOver(closes: number) {
  const delays: number[] = [];
  for (let i = 0; i < closes; i++) {
    const before = FakeWebSocket.all.length;
    const closedAt = Date.now();
    FakeWebSocket.latest().drop();
    while (FakeWebSocket.all.length === before) await vi.advanceTimersByTimeAsync(100);
    delays.push(Date.now() - closedAt);
  }
  return delays;
}

describe('reconnect backoff (SPEC §4, §9)', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits 1 s, 2 s, 4 s … 30 s between failed attempts, and starts over after an open', async () => {
    const live = connectLiveSocket({ path: '/ws/notifications/', onMessage: () => {}, token: () => 't' });
    expect(await delaysOver(7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    FakeWebSocket.latest().open();
    expect(await delaysOver(2)).toEqual([1_000, 2_000]);
    live.close();
  });

  it('stops for good when closed by its owner', async () => {
    const live = connectLiveSocket({ path: '/ws/tasks/', onMessage: () => {}, token: () => 't' });
    const socket = FakeWebSocket.latest();
    live.close();
    expect(socket.closedByClient).toBe(true);
    socket.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });
});

describe('connectLiveSocket', () => {
  it('authenticates with the jwt subprotocol and the newest token at every attempt', async () => {
    let token = 'first';
    const live = connectLiveSocket({ path: '/ws/tasks/', onMessage: () => {}, token: () => token });
    expect(FakeWebSocket.latest().url).toBe('ws://localhost:3000/ws/tasks/');
    expect(FakeWebSocket.latest().protocols).toEqual(['jwt', 'first']);
    token = 'refreshed';
    FakeWebSocket.latest().drop(4001);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeWebSocket.latest().protocols).toEqual(['jwt', 'refreshed']);
    live.close();
  });

  it('hands over parsed messages, drops what is not JSON, and reports every open', () => {
    const messages: unknown[] = [];
    const onOpen = vi.fn();
    const live = connectLiveSocket({
      path: '/ws/notifications/',
      onMessage: (m) => messages.push(m),
      onOpen,
      token: () => 't',
    });
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.receive({ id: 1 });
    socket.receive('not json {');
    expect(messages).toEqual([{ id: 1 }]);
    expect(onOpen).toHaveBeenCalledTimes(1);
    live.close();
  });

  it('waits with backoff while there is no token', async () => {
    let token: string | null = null;
    const live = connectLiveSocket({ path: '/ws/tasks/', onMessage: () => {}, token: () => token });
    expect(FakeWebSocket.all).toHaveLength(0);
    token = 't';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    live.close();
  });

  it('uses wss on an https page', () => {
    expect(socketUrl('/ws/tasks/', new URL('https://baton.example:8443/home'))).toBe(
      'wss://baton.example:8443/ws/tasks/',
    );
  });
});

describe('useLiveSocket', () => {
  it('connects only while someone is signed in, and closes on unmount', () => {
    const signedOut = createTestPlatform({ signedIn: false });
    renderHook(() => useLiveSocket('/ws/tasks/', () => {}), { wrapper: signedOut.wrapper });
    expect(FakeWebSocket.all).toHaveLength(0);

    const { wrapper } = createTestPlatform();
    const onMessage = vi.fn();
    const view = renderHook(() => useLiveSocket('/ws/tasks/', onMessage), { wrapper });
    const socket = FakeWebSocket.latest();
    expect(socket.protocols[1]).toMatch(/\./);
    act(() => socket.receive({ type: 'task_delete', task_id: 'x' }));
    expect(onMessage).toHaveBeenCalledWith({ type: 'task_delete', task_id: 'x' });
    view.unmount();
    expect(socket.closedByClient).toBe(true);
  });

  it('reads the stored access token', () => {
    const { wrapper } = createTestPlatform();
    saveAuth({ ...testUser, accessToken: 'stored-token', refreshToken: 'r' }, true);
    renderHook(() => useLiveSocket('/ws/notifications/', () => {}), { wrapper });
    expect(FakeWebSocket.latest().protocols).toEqual(['jwt', 'stored-token']);
  });

  it('shares one connection per path between views; each hears every message; the last to leave closes it', () => {
    const { wrapper } = createTestPlatform();
    const first = { onMessage: vi.fn(), onOpen: vi.fn() };
    const second = { onMessage: vi.fn(), onOpen: vi.fn() };
    const a = renderHook(() => useLiveSocket('/ws/tasks/', first.onMessage, { onOpen: first.onOpen }), {
      wrapper,
    });
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    expect(first.onOpen).toHaveBeenCalledTimes(1);
    const b = renderHook(() => useLiveSocket('/ws/tasks/', second.onMessage, { onOpen: second.onOpen }), {
      wrapper,
    });
    expect(FakeWebSocket.all).toHaveLength(1);
    // Joining an open connection counts as its open, so the next open is a reconnect for both.
    expect(second.onOpen).toHaveBeenCalledTimes(1);
    renderHook(() => useLiveSocket('/ws/notifications/', () => {}), { wrapper });
    expect(FakeWebSocket.all).toHaveLength(2);

    act(() => socket.receive({ type: 'folders_changed' }));
    expect(first.onMessage).toHaveBeenCalledWith({ type: 'folders_changed' });
    expect(second.onMessage).toHaveBeenCalledWith({ type: 'folders_changed' });
    a.unmount();
    expect(socket.closedByClient).toBe(false);
    act(() => socket.receive({ type: 'task_delete', task_id: 'x' }));
    expect(first.onMessage).toHaveBeenCalledTimes(1);
    expect(second.onMessage).toHaveBeenCalledTimes(2);
    b.unmount();
    expect(socket.closedByClient).toBe(true);
  });

  it('tells a view that joins after a drop about the next open only', async () => {
    const { wrapper } = createTestPlatform();
    renderHook(() => useLiveSocket('/ws/tasks/', () => {}), { wrapper });
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().drop());
    const onOpen = vi.fn();
    renderHook(() => useLiveSocket('/ws/tasks/', () => {}, { onOpen }), { wrapper });
    expect(onOpen).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => FakeWebSocket.latest().open());
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('useResumableSocket', () => {
  const reconnect = async () => {
    act(() => FakeWebSocket.latest().drop());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => FakeWebSocket.latest().open());
    return FakeWebSocket.latest().url;
  };

  it('fetches again on a reconnect with nothing seen; resumes after the last message seen, without fetching', async () => {
    const { wrapper } = createTestPlatform();
    const refetch = vi.fn();
    const onMessage = vi.fn();
    renderHook(() => useResumableSocket('/ws/tasks/', onMessage, refetch), { wrapper });
    act(() => FakeWebSocket.latest().open());
    expect(refetch).not.toHaveBeenCalled();
    expect(await reconnect()).toMatch(/\/ws\/tasks\/$/);
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => FakeWebSocket.latest().receive({ type: 'task_delete', task_id: 't1', id: 'm1' }));
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed', id: 'm2' }));
    // A message without a place in the log (a resync) leaves the last one seen as it was.
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed' }));
    expect(onMessage).toHaveBeenCalledTimes(3);
    expect(await reconnect()).toMatch(/\/ws\/tasks\/\?after=m2$/);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('asks every view on the shared socket what it resumes from: one that saw nothing fetches again', async () => {
    const { wrapper } = createTestPlatform();
    const [early, late] = [vi.fn(), vi.fn()];
    renderHook(() => useResumableSocket('/ws/tasks/', () => {}, early), { wrapper });
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed', id: 'm1' }));
    renderHook(() => useResumableSocket('/ws/tasks/', () => {}, late), { wrapper });
    expect(await reconnect()).toMatch(/\?after=m1$/);
    expect(early).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledTimes(1);
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed', id: 'm2' }));
    expect(await reconnect()).toMatch(/\?after=m2$/);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
