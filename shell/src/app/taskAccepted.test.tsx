import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountPreferences, currentLocation, renderShell, sessionCheck, signIn } from '../testing';

mockServer(sessionCheck(), accountPreferences());

const post = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe('TASK_ACCEPTED from an accept page this window opened', () => {
  it('takes this window to the accepted task’s page, under /home', async () => {
    signIn();
    await renderShell('/terms');
    await post({ type: 'TASK_ACCEPTED', taskId: '7b0c3c1e-0f7e-4d53-9d49-5f3f0b1a2c3d' });
    expect(currentLocation()).toBe('/home/tasks/7b0c3c1e-0f7e-4d53-9d49-5f3f0b1a2c3d');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('ignores other origins and other messages', async () => {
    signIn();
    await renderShell('/terms');
    await post({ type: 'TASK_ACCEPTED', taskId: 'x' }, 'https://evil.example');
    await post({ type: 'SOMETHING_ELSE' });
    await post('TASK_ACCEPTED');
    expect(currentLocation()).toBe('/terms');
  });
});
