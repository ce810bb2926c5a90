import { createTestPlatform } from '@baton/web-platform/testing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders part of the Settings view inside a real platform (store, request wrapper), signed in as Ada. */
export function renderWithPlatform(ui: ReactElement) {
  const platform = createTestPlatform();
  const user = userEvent.setup();
  const view = render(ui, { wrapper: platform.wrapper });
  return { ...platform, ...view, user };
}

/** A gate a mocked call waits on, so a test can look at the view while the call is in flight. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
