import type { NotificationPreferences, NotificationPreferencesUpdate } from '@baton/contracts';
import { HttpResponse, http } from 'msw';
import { mergePreferences } from './notifications/preferences';

export const preferencesPath = '/api/settings/notification-preferences/';
export const testDigestPath = '/api/settings/notification-preferences/test-digest/';

/** What the notifications service gives a person who never changed anything. */
export function defaultPreferences(): NotificationPreferences {
  const at = (email: 'immediate' | 'digest' | 'off', push: boolean) => ({ inApp: true, email, push });
  return {
    timezone: 'UTC',
    language: 'en',
    digest: { frequency: 'daily', hour: 8, weekday: 1 },
    events: {
      assigned: at('off', true),
      invited: at('off', true),
      accepted: at('digest', false),
      declined: at('immediate', true),
      date_proposed: at('immediate', true),
      proposal_answered: at('immediate', true),
      reassigned: at('immediate', true),
      nudged: at('immediate', true),
      completed: at('digest', false),
      progress: at('digest', false),
      comment: at('digest', true),
      due_soon: at('immediate', true),
      overdue: at('immediate', true),
    },
  };
}

/**
 * The preference routes as the service answers them, over `saved` (the defaults unless given): GET returns
 * it, PUT records the body and merges it (or answers `refuse` when set).
 */
export function preferencesService(saved = defaultPreferences()) {
  const state = {
    saved,
    puts: [] as NotificationPreferencesUpdate[],
    refuse: null as { status: number; error?: string } | null,
  };
  const handlers = [
    http.get(preferencesPath, () => HttpResponse.json(state.saved)),
    http.put(preferencesPath, async ({ request }) => {
      const change = (await request.json()) as NotificationPreferencesUpdate;
      state.puts.push(change);
      if (state.refuse) {
        const { status, error } = state.refuse;
        return error ? HttpResponse.json({ error }, { status }) : new HttpResponse(null, { status });
      }
      state.saved = structuredClone(state.saved);
      mergePreferences(state.saved, change);
      return HttpResponse.json(state.saved);
    }),
  ];
  return { state, handlers };
}
