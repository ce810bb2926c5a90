/** Where the service worker is served (shell/public/sw.js, copied to the site's root): its scope is the whole app. */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker that shows web pushes and makes Baton installable. Production builds only: a
 * development server's pages would otherwise stay under a worker from another build, and tests have none.
 */
export function registerServiceWorker(production = process.env.NODE_ENV === 'production') {
  if (!production || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
    // The app works without it; only push and installing need it.
    console.warn('The service worker did not register:', error);
  });
}
