import type { Notification } from '@baton/contracts';
import type { PlatformStore } from '@baton/web-platform';
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { notificationsApi } from './api';

/** A valid notification id (the contract wants a UUID) from a small number. */
export const notificationId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The id of a task notifications may be about. */
export const taskId = '0b4f5c1e-8d52-4c55-9d9e-4d6c7a0e0a01';

let next = 1;

/** A notification as the server sends it; unread, info, about no task, created now unless told otherwise. */
export function makeNotification(fields: Partial<Notification> = {}): Notification {
  const n = next++;
  return {
    id: notificationId(n),
    type: 'info',
    title: `Notification ${n}`,
    message: `Message ${n}`,
    is_read: false,
    is_deleted: false,
    created_at: new Date().toISOString(),
    task_id: null,
    action: null,
    ...fields,
  };
}

/** happy-dom plays no media: stubs play() and pause() of every audio element. Restore with vi.restoreAllMocks(). */
export function stubMedia() {
  const proto = window.HTMLMediaElement.prototype;
  return {
    play: vi.spyOn(proto, 'play').mockResolvedValue(undefined),
    pause: vi.spyOn(proto, 'pause').mockImplementation(() => {}),
  };
}

/** Whether the first load of the list has ended, with the list or with an error. */
export function listSettled(store: PlatformStore) {
  const list = notificationsApi.endpoints.notifications.select(undefined)(store.getState());
  return list.isSuccess || list.isError;
}

/**
 * The preference routes the bell's time-zone detection calls, over an account whose zone is `timezone`: GET
 * answers it, PUT records the body and takes its zone (or answers `refuse` when set).
 */
export function accountTimeZone(timezone = 'UTC') {
  const state = { timezone, gets: 0, puts: [] as unknown[], refuse: null as number | null };
  const path = '/api/settings/notification-preferences/';
  const handlers = [
    http.get(path, () => {
      state.gets += 1;
      return HttpResponse.json({ timezone: state.timezone });
    }),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as { timezone: string };
      state.puts.push(body);
      if (state.refuse) return new HttpResponse(null, { status: state.refuse });
      state.timezone = body.timezone;
      return HttpResponse.json({ timezone: state.timezone });
    }),
  ];
  return { state, handlers };
}
