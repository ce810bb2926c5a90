import { isTaskAcceptedMessage, taskPathOf } from '@baton/web-platform';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Listens for TASK_ACCEPTED (SPEC §4) from an accept page this window opened; other origins are ignored. */
export function useTaskAccepted(onAccepted: (taskId: string) => void) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isTaskAcceptedMessage(event.data))
        onAccepted(event.data.taskId);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onAccepted]);
}

/**
 * On any page, an accept page this window opened reporting TASK_ACCEPTED (SPEC §4) sends the person to the
 * accepted task's page.
 */
export function useTaskAcceptedNavigation() {
  const navigate = useNavigate();
  useTaskAccepted(useCallback((taskId: string) => navigate(taskPathOf(taskId)), [navigate]));
}
