import * as ui from '@baton/ui';
import * as platform from '@baton/web-platform';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { getInstance, init } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as toolkit from '@reduxjs/toolkit';
import * as react from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactRedux from 'react-redux';
import { remotesOnce, takeManifest } from './config';
import { createRemoteLoader, type LoadRemote, registerRemotes } from './loader';

/** The host's own copies of what remotes share (mf-config's singletons), by share key. */
const libraries: Record<string, unknown> = {
  react,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  'react-redux': reactRedux,
  '@reduxjs/toolkit': toolkit,
  '@baton/ui': ui,
  '@baton/web-platform': platform,
};

type SharedVersions = Record<string, { version: string; requiredVersion: string }>;
declare const __BATON_SHARED__: SharedVersions;

/** The version each shared package was built at (the build defines them; `react-dom/` covers its deep imports). */
function versionOf(key: string) {
  const shared = __BATON_SHARED__;
  const entry = shared[key] ?? shared[`${key.split('/')[0]}/`] ?? shared[key.split('/')[0] as string];
  if (!entry) throw new Error(`${key} is not one of the shared packages`);
  return entry.version;
}

/**
 * Starts the page's one federation runtime, offering the host's React, store and UI kit as the singletons
 * remotes use, and lending its core to the remotes (built with `externalRuntime`, they bring none).
 */
function startFederation() {
  if (getInstance()) return;
  init({
    name: 'shell',
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore(), prefetchedManifests],
    shared: Object.fromEntries(
      Object.entries(libraries).map(([key, lib]) => [
        key,
        { version: versionOf(key), lib: () => lib, shareConfig: { singleton: true, requiredVersion: false } },
      ]),
    ),
  });
}

/** Hands the runtime the manifests the page already asked for (remotesOnce), instead of asking again. */
const prefetchedManifests: ModuleFederationRuntimePlugin = {
  name: 'baton-prefetched-manifests',
  fetch: (url) => takeManifest(url),
};

let remotes: Record<string, string> = {};
let ready: Promise<void> | undefined;

/** Starts federation and registers this tab's remotes, once. */
function registerOnce() {
  ready ??= (async () => {
    startFederation();
    try {
      remotes = await remotesOnce();
      registerRemotes(remotes);
    } catch (error) {
      // Without the list every remote area shows its fallback; the rest of the workspace still works.
      console.error('Could not read /remotes.json', error);
    }
  })();
  return ready;
}

const loadRegistered = createRemoteLoader(() => remotes);

/** Loads a remote's view through Module Federation, starting it the first time the workspace needs one. */
export const loadFederatedRemote: LoadRemote = async (remote, module) => {
  await registerOnce();
  return loadRegistered(remote, module);
};
