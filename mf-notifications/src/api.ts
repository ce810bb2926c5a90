import type { Notification } from '@baton/contracts';
import { type PlatformDispatch, type PlatformStore, platformApi } from '@baton/web-platform';
import { logMessages } from './messages';

/** What POST /notifications/mark_as_read/ and /notifications/delete/ answer. */
export interface IdsResult {
  ok: boolean;
  count: number;
}

type ListChange = (list: Notification[]) => Notification[] | undefined;

const markIdsRead =
  (ids: string[]): ListChange =>
  (list) => {
    for (const item of list) if (ids.includes(item.id)) item.is_read = true;
    return undefined;
  };
const dropIds =
  (ids: string[]): ListChange =>
  (list) =>
    list.filter((item) => !ids.includes(item.id));

/**
 * Applies `change` to the cached list at once. It is undone when the call fails or its answer is not `ok`
 * (SPEC §7 "ok checked"), and applied again after a list fetched meanwhile, which may predate the call.
 */
async function optimistic(
  { dispatch, queryFulfilled }: { dispatch: PlatformDispatch; queryFulfilled: Promise<{ data: IdsResult }> },
  change: ListChange,
  failure: string,
) {
  const apply = () => dispatch(notificationsApi.util.updateQueryData('notifications', undefined, change));
  const patch = apply();
  try {
    const { data } = await queryFulfilled;
    if (data?.ok !== true) throw new Error('The answer was not ok.');
  } catch (error) {
    patch.undo();
    // SPEC §8: only logged.
    console.error(failure, error);
    return;
  }
  await dispatch(notificationsApi.util.getRunningQueryThunk('notifications', undefined));
  apply();
}

/** The notification calls of SPEC §7, in the host's store; writes change the cached list at once. */
export const notificationsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<Notification[], void>({
      query: () => '/notifications/',
      transformResponse: (body: { notifications?: Notification[] } | null) =>
        (body?.notifications ?? []).filter((n) => !n.is_deleted),
      providesTags: ['Notification'],
    }),
    markRead: build.mutation<IdsResult, string[]>({
      query: (ids) => ({ url: '/notifications/mark_as_read/', method: 'POST', body: { ids } }),
      onQueryStarted: (ids, api) => optimistic(api, markIdsRead(ids), logMessages.markReadFailed),
    }),
    deleteNotifications: build.mutation<IdsResult, string[]>({
      query: (ids) => ({ url: '/notifications/delete/', method: 'POST', body: { ids } }),
      onQueryStarted: (ids, api) => optimistic(api, dropIds(ids), logMessages.deleteFailed),
    }),
  }),
});

type Store = Pick<PlatformStore, 'dispatch' | 'getState'>;

const cachedList = (store: Store) =>
  notificationsApi.endpoints.notifications.select(undefined)(store.getState());

/**
 * Puts `item` at the top of the cached list; one whose id is there already is a collapsed notification that
 * changed ("3 new comments on …"): it replaces the old one. A list that failed to load starts anew.
 */
function addToList(store: Store, item: Notification) {
  const cached = cachedList(store);
  if (cached.data) {
    const same = cached.data.find((n) => n.id === item.id);
    if (same && same.message === item.message && same.created_at === item.created_at) return;
    store.dispatch(
      notificationsApi.util.updateQueryData('notifications', undefined, (list) => {
        const at = list.findIndex((n) => n.id === item.id);
        if (at >= 0) list.splice(at, 1);
        list.unshift(item);
      }),
    );
  } else if (cached.isError) {
    store.dispatch(notificationsApi.util.upsertQueryData('notifications', undefined, [item]));
  }
}

/**
 * A notification pushed by the server (SPEC §4): prepended, or in place of the one with its id. Returns whether
 * it is new, i.e. whether to chime (a collapsed one that counts one more does not chime again).
 */
export function receiveNotification(store: Store, item: Notification): boolean {
  const known = cachedList(store).data?.some((n) => n.id === item.id) ?? false;
  addToList(store, item);
  // A list on its way may have been read before this notification existed: add it again once it lands.
  store.dispatch(notificationsApi.util.getRunningQueryThunk('notifications', undefined))?.then(() => {
    addToList(store, item);
  });
  return !known;
}

/**
 * A task was accepted: no cached notification of it offers Accept any more, as the service clears them on the
 * task's accepted event (a reload agrees).
 */
export const settleOffer = (taskId: string) =>
  notificationsApi.util.updateQueryData('notifications', undefined, (list) => {
    for (const item of list) if (item.task_id === taskId) item.action = null;
  });

export const { useNotificationsQuery, useMarkReadMutation, useDeleteNotificationsMutation } =
  notificationsApi;
