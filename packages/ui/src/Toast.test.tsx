import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, type ToastTone, useToast } from './Toast';

beforeEach(() => {
  // shouldAdvanceTime lets Testing Library's own setTimeout(0), awaited after each user-event action, fire;
  // synchronous stretches (render, act + advanceTimersByTime) stay exact.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function Trigger({ message, tone }: { message: string; tone?: ToastTone }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(message, tone)}>
      Notify {message}
    </button>
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('Toasts', () => {
  it('shows toasts in a polite live region that exists before any toast', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger message="Trusted user removed." tone="success" />
      </ToastProvider>,
    );
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: /Notify/ }));
    expect(within(region()).getByText('Trusted user removed.')).toBeInTheDocument();
    expect(region().querySelector('.b-toast--success')).not.toBeNull();
  });

  it('removes each toast 5 seconds after it appeared', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger message="First" />
        <Trigger message="Second" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify First' }));
    act(() => vi.advanceTimersByTime(2000));
    await user.click(screen.getByRole('button', { name: 'Notify Second' }));
    expect(within(region()).getByText('First')).toBeInTheDocument();
    expect(within(region()).getByText('Second')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3000));
    expect(within(region()).queryByText('First')).not.toBeInTheDocument();
    expect(within(region()).getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(region()).toBeEmptyDOMElement();
  });

  it('can be closed with its Dismiss button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger message="Failed to delete account." tone="error" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Notify/ }));
    await user.click(within(region()).getByRole('button', { name: 'Dismiss' }));
    expect(region()).toBeEmptyDOMElement();
  });

  it('also offers { toast, dismiss } and returns the toast id', () => {
    let api: ReturnType<typeof useToast> | undefined;
    function Grab() {
      api = useToast();
      return null;
    }
    render(
      <ToastProvider durationMs={1000}>
        <Grab />
      </ToastProvider>,
    );
    let id = '';
    act(() => {
      id = api?.toast('Saved') ?? '';
    });
    expect(within(region()).getByText('Saved')).toBeInTheDocument();
    act(() => api?.dismiss(id));
    expect(region()).toBeEmptyDOMElement();
    act(() => {
      api?.('Again', 'warning');
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(region()).toBeEmptyDOMElement();
  });

  it("keeps a toast given its own duration that long, not the provider's", () => {
    let api: ReturnType<typeof useToast> | undefined;
    function Grab() {
      api = useToast();
      return null;
    }
    render(
      <ToastProvider durationMs={1000}>
        <Grab />
      </ToastProvider>,
    );
    act(() => void api?.('3 tasks completed', 'success', { durationMs: 10_000 }));
    act(() => vi.advanceTimersByTime(9_000));
    expect(within(region()).getByText('3 tasks completed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(region()).toBeEmptyDOMElement();
  });

  it('throws a clear error outside a ToastProvider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow('useToast must be used inside <ToastProvider>');
    quiet.mockRestore();
  });
});
