import { useAcceptTaskMutation, useCurrentUser } from '@baton/web-platform';
import { useState } from 'react';

/**
 * Accepting one task delegated to the signed-in person, from its mailed link or from its card: `accept(true)`
 * also trusts the sender. Resolves true once accepted; a failure is logged (SPEC §4) and resolves false.
 */
export function useAccept(taskId: string, role: 'invite' | 'assign') {
  const [send, sending] = useAcceptTaskMutation();
  const [trusting, setTrusting] = useState(false);
  const user = useCurrentUser();

  async function accept(trust: boolean) {
    setTrusting(trust);
    try {
      await send({ task_id: taskId, user_email: user?.email ?? '', trusted: trust, role }).unwrap();
      return true;
    } catch (failure) {
      console.error('Accepting the task failed', failure);
      return false;
    }
  }

  return { accept, busy: sending.isLoading, trusting };
}
