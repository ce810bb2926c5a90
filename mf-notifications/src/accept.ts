import type { Notification } from '@baton/contracts';
import {
  failureMessage,
  type PlatformQueryError,
  translate,
  useAcceptTaskMutation,
  useCurrentUser,
} from '@baton/web-platform';
import { book, logMessages } from './messages';

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
  const t = translate(book);

  return async ({ task_id, action }: Notification): Promise<AcceptOutcome> => {
    const role = action === 'assign_accept' ? 'assign' : 'invite';
    try {
      await send({ task_id: task_id ?? '', user_email: email, trusted: false, role }).unwrap();
      return { status: 'accepted', text: t('accepted') };
    } catch (error) {
      if ((error as Partial<PlatformQueryError>)?.status === 409)
        return { status: 'already', text: t('alreadyAccepted') };
      console.error(logMessages.acceptFailed, error);
      // The server's sentence ("Task not found.", offline) when it gave one.
      return { status: 'failed', text: failureMessage(error, t('acceptFailed')) };
    }
  };
}
