import type { Preferences, StorageUsage, TrustedUserEntry } from '@baton/contracts';
import { platformApi } from '@baton/web-platform';

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

/** The identity calls of the Settings view (SPEC §7), in the host's store and through its request wrapper. */
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
} = settingsApi;
