/// <reference lib="dom" />
import '@testing-library/jest-dom/vitest';
import { useFakeWebSockets } from '@baton/web-platform/testing/socket';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';

// happy-dom lays nothing out and cannot scroll; virtualized lists ask the window to, as the page grows.
window.scrollTo = () => {};
// happy-dom has no alert; tests spy on it to show the app never calls it.
window.alert ??= () => {};

// A worker's files share its happy-dom, whichever workspace they test: each file starts on a bare <html> (a
// theme or language another file chose stays on it otherwise).
beforeAll(() => {
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
});

// Component tests reach no server: every WebSocket is a FakeWebSocket the test drives (FakeWebSocket.latest()).
let restoreWebSocket: () => void;
beforeEach(() => {
  restoreWebSocket = useFakeWebSockets();
});

// Testing Library only cleans up by itself when vitest globals are on; they are not.
afterEach(() => {
  cleanup();
  restoreWebSocket();
  localStorage.clear();
  sessionStorage.clear();
});
