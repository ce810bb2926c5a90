/**
 * V8's heap settings for every process that serves (a service, a gateway, `npm start`'s one process): fewer
 * list pages promoted to the old generation, and fewer full collections under load (bench/README.md, "The
 * servers' V8 flags", has the measurements). Node refuses them in NODE_OPTIONS, so each server's node command
 * line carries them: the Containerfile's CMDs, the `start` scripts of the root, the services and the gateway,
 * and `start-distributed.ts`'s children; `containers.test.ts` holds those to this list.
 */
export const serverNodeFlags = ['--no-allocation-site-pretenuring', '--heap-growing-percent=100'] as const;

/** The node arguments that run a server's TypeScript entry point: its flags, then tsx (by `tsxImport`). */
export const serverNodeArgs = (entrypoint: string, tsxImport = 'tsx') => [
  ...serverNodeFlags,
  '--import',
  tsxImport,
  entrypoint,
];
