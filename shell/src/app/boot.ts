/**
 * What a page inside a session shows until its workspace has loaded: in workspace.html before any script has
 * run (shell/rspack.config.ts), then in the app until the workspace's chunk is here.
 */
export const bootText = 'Loading your workspace…';
