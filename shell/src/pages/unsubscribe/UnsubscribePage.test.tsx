import { preferenceMessages } from '@baton/contracts/constants';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { shellBook } from '../../i18n/shell';
import { renderShell } from '../../testing';

const unsubscribeText = {
  title: shellBook.en.unsubscribeTitle,
  explain: shellBook.en.unsubscribeExplain.replace(/<\/?0>/g, ''),
  settings: shellBook.en.unsubscribeSettings,
  failed: shellBook.en.unsubscribeFailed,
};

const server = mockServer();
const token = 'k7Qx2PzT9mLw4VbN8sRc';
const route = '/api/unsubscribe/:token/';

/** The notifications service's one-click route: records each call's token and whether it carried a session. */
function service(answer: () => Response) {
  const calls: { token: unknown; authorization: string | null }[] = [];
  server.use(
    http.post(route, ({ params, request }) => {
      calls.push({ token: params.token, authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return calls;
}

describe('the unsubscribe page', () => {
  it('says what it will do, asks nothing until the button, then shows what the server did', async () => {
    const message = preferenceMessages.unsubscribed('comments');
    const calls = service(() => HttpResponse.json({ message, scope: 'comment' }));
    await renderShell(`/unsubscribe?token=${token}`);
    expect(screen.getByRole('heading', { level: 1, name: unsubscribeText.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: unsubscribeText.title })).toHaveTextContent(
      unsubscribeText.explain,
    );
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(calls).toEqual([{ token, authorization: null }]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: unsubscribeText.settings })).toHaveAttribute(
      'href',
      '/home/settings/notifications',
    );
  });

  it('explains a link the server does not know', async () => {
    service(() => HttpResponse.json({ error: 'Not found.' }, { status: 404 }));
    await renderShell(`/unsubscribe?token=${token}`);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(preferenceMessages.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('explains a link without a usable token at once, asking nothing of the server', async () => {
    const calls = service(() => HttpResponse.json({}));
    await renderShell('/unsubscribe?token=short');
    expect(screen.getByRole('alert')).toHaveTextContent(preferenceMessages.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lets the person try again when the server could not answer', async () => {
    let down = true;
    const message = preferenceMessages.unsubscribed('your digest');
    service(() =>
      down ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ message, scope: 'digest' }),
    );
    await renderShell(`/unsubscribe?token=${token}`);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unsubscribeText.failed);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(message)).toBeVisible();
  });
});
