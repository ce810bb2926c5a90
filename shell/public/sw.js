// Baton's service worker (scope /): it shows web pushes and opens the page a clicked one is about. It has no
// fetch handler, so it caches nothing and every page and API call goes to the network as without it.
/// <reference lib="webworker" />

const icon = '/icons/icon-192.png';

// A new version takes over at once: nothing it holds needs the old one to finish.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The push's payload ({title, body, url, tag}, as the notifications service sends it), or a plain notice. */
function payloadOf(event) {
  try {
    const data = event.data?.json();
    if (data && typeof data.title === 'string') return data;
  } catch {
    // Not JSON: a browser subscribed with userVisibleOnly must still show something.
  }
  return { title: 'Baton', body: 'Something new in Baton.', url: '/home', tag: 'baton' };
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = payloadOf(event);
  event.waitUntil(self.registration.showNotification(title, { body, tag, icon, data: { url } }));
});

/** A page of this app to open: a link elsewhere keeps only its path, on this origin. */
function pageUrl(link) {
  const url = new URL(typeof link === 'string' ? link : '/home', self.location.origin);
  return new URL(`${url.pathname}${url.search}${url.hash}`, self.location.origin).href;
}

/** Brings an open Baton tab forward on `url`, or opens one. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    tabs.find((tab) => tab.url === url) ?? tabs.find((tab) => tab.url.startsWith(self.location.origin));
  if (open) {
    // Focusing may be refused (the click's permission to raise a window has run out): the tab still navigates.
    const focused = await open.focus().catch(() => open);
    // A tab this worker does not control (opened before it was installed) cannot be navigated from here.
    const shown = focused.url === url ? focused : await focused.navigate(url).catch(() => null);
    if (shown) return shown;
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageUrl(event.notification.data?.url)));
});
