import type { RemoteName, RemoteViewModule, ViewName } from '@baton/web-platform';
import { getInstance } from '@module-federation/enhanced/runtime';

/** Loads one exposed view of a remote, typed by the contract both sides import (@baton/web-platform). */
export type LoadRemote = <R extends RemoteName, V extends ViewName<R>>(
  remote: R,
  view: V,
) => Promise<RemoteViewModule<R, V>>;

/** What can be checked of a module at run time: a default export that can be a component. */
const isViewModule = (loaded: unknown): loaded is { default: unknown } =>
  typeof loaded === 'object' &&
  loaded !== null &&
  typeof (loaded as { default?: unknown }).default === 'function';

// Module Federation names are identifiers; the remotes' package names have hyphens.
const containerName = (remote: string) => remote.replace(/-/g, '_');

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The Module Federation runtime is not initialised.');
  return instance;
}

/** Registers each remote's manifest URL with the host's federation instance (replacing earlier ones). */
export function registerRemotes(remotes: Record<string, string>) {
  federation().registerRemotes(
    Object.entries(remotes).map(([alias, entry]) => ({ name: containerName(alias), alias, entry })),
    { force: true },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `remote/module`, trying `attempts` times with a growing pause. A failed manifest or entry is
 * registered again before the next try, so a remote that comes back is picked up without a reload.
 */
export function createRemoteLoader(remotes: () => Record<string, string>, attempts = 3): LoadRemote {
  return async <R extends RemoteName, V extends ViewName<R>>(remote: R, view: V) => {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) {
        await sleep(400 * 2 ** (attempt - 1));
        const entry = remotes()[remote];
        if (entry) registerRemotes({ [remote]: entry });
      }
      try {
        const loaded = await federation().loadRemote<unknown>(`${remote}/${view}`);
        // Its props are the contract's: the remote's typecheck holds it to them (its src/contract.ts).
        if (isViewModule(loaded)) return loaded as RemoteViewModule<R, V>;
        lastError = new Error(`${remote}/${view} has no default export`);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  };
}
