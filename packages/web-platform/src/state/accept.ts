import type { AcceptTaskRequest } from '@baton/contracts';
import { platformApi } from './api';

/**
 * tasks' POST /accept_task, for every remote that accepts (the tasks remote's card and link page, the bell): one
 * endpoint in the shared API, whichever remote loads first. The task lists load again, and the trusted users when
 * the sender was trusted too.
 */
const acceptApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    acceptTask: build.mutation<unknown, AcceptTaskRequest>({
      query: (body) => ({ url: '/accept_task', method: 'POST', body }),
      invalidatesTags: (_result, _error, { trusted }) => (trusted ? ['Task', 'TrustedUser'] : ['Task']),
    }),
  }),
});

export const { useAcceptTaskMutation } = acceptApi;
