import type { RequestHandler, WebSocketHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export { type PresignCall, type PutCall, storageOrigin, uploadHandlers } from './testing/upload-msw';

/**
 * An msw server for this test file: every request must have a handler (an unexpected call fails the
 * test), handlers added with `server.use()` in a test are dropped after it.
 */
export function mockServer(...handlers: Array<RequestHandler | WebSocketHandler>) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
