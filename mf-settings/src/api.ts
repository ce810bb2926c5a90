import type {
  ImportReport,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  Preferences,
  routes,
  StorageUsage,
  TrustedUserEntry,
} from '@baton/contracts';
import { platformApi } from '@baton/web-platform';
import { mergePreferences } from './notifications/preferences';

type Message = { message: string };

/** What POST /api/settings/trusted-users/ answers: the new entry, or an invitation to an unknown e-mail. */
export type AddTrustedResult =
  | (TrustedUserEntry & { invitation_sent: false; message: string })
  | { invitation_sent: true; message: string; email: string };

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The typed phrase and the person's password, both checked again by the server. */
export interface AccountDeletion {
  confirmation: string;
  password: string;
}

type RouteOf<N extends keyof typeof routes> = Pick<(typeof routes)[N], 'method' | 'path'>;

/**
 * The notifications service's preference routes. Method and path are the route table's own (literal types: the
 * compiler refuses any other), without its zod schemas, which would put zod into the remote's bundle.
 */
const preferenceRoutes = {
  get: { method: 'GET', path: '/api/settings/notification-preferences/' },
  update: { method: 'PUT', path: '/api/settings/notification-preferences/' },
  testDigest: { method: 'POST', path: '/api/settings/notification-preferences/test-digest/' },
} as const satisfies {
  get: RouteOf<'getNotificationPreferences'>;
  update: RouteOf<'updateNotificationPreferences'>;
  testDigest: RouteOf<'sendTestDigest'>;
};

/** The tasks service's calendar feed, export and import routes (method and path checked against the route table). */
export const transferRoutes = {
  feed: { method: 'GET', path: '/api/calendar/feed/' },
  rotateFeed: { method: 'POST', path: '/api/calendar/feed/' },
  exportCsv: { method: 'GET', path: '/api/export/tasks.csv' },
  exportJson: { method: 'GET', path: '/api/export/tasks.json' },
  import: { method: 'POST', path: '/api/import/' },
} as const satisfies {
  feed: RouteOf<'calendarFeed'>;
  rotateFeed: RouteOf<'rotateCalendarFeed'>;
  exportCsv: RouteOf<'exportTasksCsv'>;
  exportJson: RouteOf<'exportTasksJson'>;
  import: RouteOf<'importTasks'>;
};

/** What GET and POST /api/calendar/feed/ answer (`calendarFeedResponse`). */
export interface CalendarFeed {
  url: string;
}

/** What POST /api/import/ takes: the file's name and text; without `confirm` only a preview. */
export interface ImportFile {
  fileName: string;
  content: string;
  confirm: boolean;
}

/** The calls of the Settings view (SPEC §7; notification preferences beyond it), in the host's store and through its request wrapper. */
export const settingsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    trustedUsers: build.query<TrustedUserEntry[], void>({
      query: () => '/api/settings/trusted-users/',
      providesTags: ['TrustedUser'],
    }),
    addTrustedUser: build.mutation<AddTrustedResult, string>({
      query: (email) => ({
        url: '/api/settings/trusted-users/',
        method: 'POST',
        body: { trusted_email: email },
      }),
      invalidatesTags: ['TrustedUser'],
    }),
    removeTrustedUser: build.mutation<Message, string>({
      query: (id) => ({ url: `/trusted-users/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: ['TrustedUser'],
    }),
    changePassword: build.mutation<Message, PasswordChange>({
      query: (body) => ({ url: '/api/settings/change-password/', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<Message, AccountDeletion>({
      query: (body) => ({ url: '/delete-account/', method: 'POST', body }),
    }),
    preferences: build.query<Preferences, void>({
      query: () => '/api/settings/preferences/',
      providesTags: ['Account'],
    }),
    savePreferences: build.mutation<Preferences, Preferences>({
      query: (body) => ({ url: '/api/settings/preferences/', method: 'PUT', body }),
    }),
    /** Fetched afresh each time Settings opens: uploads and removals elsewhere change it. */
    storageUsage: build.query<StorageUsage, void>({
      query: () => '/api/uploads/usage/',
      keepUnusedDataFor: 0,
    }),
    /** Per event and channel, the digest and the time zone; 'Account': the bell's time-zone detection refreshes it. */
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => preferenceRoutes.get.path,
      providesTags: ['Account'],
    }),
    /**
     * Sends only what changed. The cached preferences change at once and go back if the server refuses (the
     * undo reverts only this change's fields, so a later change made meanwhile stays).
     */
    updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesUpdate>({
      query: (body) => ({ url: preferenceRoutes.update.path, method: preferenceRoutes.update.method, body }),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('notificationPreferences', undefined, (saved) =>
            mergePreferences(saved, change),
          ),
        );
        await queryFulfilled.catch(patch.undo);
      },
    }),
    sendTestDigest: build.mutation<Message, void>({
      query: () => ({ url: preferenceRoutes.testDigest.path, method: preferenceRoutes.testDigest.method }),
    }),
    /** The secret address of the person's calendar feed (the server makes one on the first ask). */
    calendarFeed: build.query<CalendarFeed, void>({
      query: () => transferRoutes.feed.path,
    }),
    /** A new address; the old one stops working, so the cached one is replaced by the answer. */
    rotateCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: transferRoutes.rotateFeed.path, method: transferRoutes.rotateFeed.method }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(settingsApi.util.upsertQueryData('calendarFeed', undefined, data));
      },
    }),
    /** A preview of an import, or with `confirm` the import itself (the task lists then load afresh). */
    importTasks: build.mutation<ImportReport, ImportFile>({
      query: (body) => ({ url: transferRoutes.import.path, method: transferRoutes.import.method, body }),
      invalidatesTags: (report) => (report?.confirmed ? ['Task'] : []),
    }),
  }),
});

export const {
  useTrustedUsersQuery,
  useAddTrustedUserMutation,
  useRemoveTrustedUserMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  usePreferencesQuery,
  useSavePreferencesMutation,
  useStorageUsageQuery,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useSendTestDigestMutation,
  useCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useImportTasksMutation,
} = settingsApi;
