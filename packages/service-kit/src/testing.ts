import type { EventBus } from './bus';

/**
 * Wraps a bus so that `publish` fails while `state.down` is true, the way a stopped broker refuses it:
 * lets the outbox scenario run against the in-process bus too.
 */
export function withOutage(bus: EventBus) {
  const state = { down: false };
  const wrapped = new Proxy(bus, {
    get(target, prop) {
      if (prop === 'publish') {
        return (...args: Parameters<EventBus['publish']>) =>
          state.down ? Promise.reject(new Error('broker unavailable')) : target.publish(...args);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { bus: wrapped, state };
}
