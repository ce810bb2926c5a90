import { isTaskAcceptedMessage, type Platform, platformApi } from '@baton/web-platform';
import { useEffect } from 'react';

/**
 * An accept page this window opened reports TASK_ACCEPTED (SPEC §4): the task lists are stale, and the person
 * goes to /home. Messages from other origins are ignored.
 */
export function useTaskAcceptedMessages(platform: Platform) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isTaskAcceptedMessage(event.data)) return;
      platform.store.dispatch(platformApi.util.invalidateTags(['Task']));
      platform.goTo('/home');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [platform]);
}
