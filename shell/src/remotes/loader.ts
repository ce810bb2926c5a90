import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** What every exposed view of a remote is: a module whose default export is a React component. */
// biome-ignore lint/suspicious/noExplicitAny: each area passes its own props; the host checks none at run time.
export type RemoteModule = { default: ComponentType<any> };
export type LoadRemote = (remote: string, module: string) => Promise<RemoteModule>;

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
  return async (remote, module) => {
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) {
        await sleep(400 * 2 ** (attempt - 1));
        const entry = remotes()[remote];
        if (entry) registerRemotes({ [remote]: entry });
      }
      try {
        const loaded = await federation().loadRemote<RemoteModule>(`${remote}/${module}`);
        if (loaded && typeof loaded.default === 'function') return loaded;
        lastError = new Error(`${remote}/${module} has no default export`);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  };
}
