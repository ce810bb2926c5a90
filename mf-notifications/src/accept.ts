import type { Notification } from '@baton/contracts';
import {
  failureMessage,
  type PlatformQueryError,
  useAcceptTaskMutation,
  useCurrentUser,
} from '@baton/web-platform';
import { messages } from './messages';

/** How accepting from the bell ended, and what the item says about it. */
export interface AcceptOutcome {
  /** `accepted` now, `already` before (409: another tab, the e-mail's link, the task card), or `failed`. */
  status: 'accepted' | 'already' | 'failed';
  text: string;
}

/**
 * Accepting, as the signed-in person, the assignment or invitation a notification offers (`action`), through
 * tasks' POST /accept_task as mf-tasks does, without trusting the sender. Never throws.
 */
export function useAcceptOffer() {
  const [send] = useAcceptTaskMutation();
  const email = useCurrentUser()?.email ?? '';

  return async ({ task_id, action }: Notification): Promise<AcceptOutcome> => {
    const role = action === 'assign_accept' ? 'assign' : 'invite';
    try {
      await send({ task_id: task_id ?? '', user_email: email, trusted: false, role }).unwrap();
      return { status: 'accepted', text: messages.accepted };
    } catch (error) {
      if ((error as Partial<PlatformQueryError>)?.status === 409)
        return { status: 'already', text: messages.alreadyAccepted };
      console.error(messages.acceptFailed, error);
      // The server's sentence ("Task not found.", offline) when it gave one.
      return { status: 'failed', text: failureMessage(error, messages.acceptFailed) };
    }
  };
}
