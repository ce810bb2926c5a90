import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from './Banner';

beforeEach(() => {
  // shouldAdvanceTime lets Testing Library's own setTimeout(0), awaited after each user-event action, fire;
  // synchronous stretches (render, act + advanceTimersByTime) stay exact.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A form-like parent that shows the banner until it is dismissed. */
function FormError({ autoDismissMs }: { autoDismissMs?: number }) {
  const [error, setError] = useState<string | null>('Failed to add task. Please try again.');
  return error ? (
    <Banner tone="error" onDismiss={() => setError(null)} autoDismissMs={autoDismissMs}>
      {error}
    </Banner>
  ) : (
    <p>No error</p>
  );
}

describe('Banner', () => {
  it('announces errors with role="alert" and other tones with role="status"', () => {
    const { rerender } = render(<Banner tone="error">Failed to create folder.</Banner>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create folder.');
    for (const tone of ['info', 'success', 'warning'] as const) {
      rerender(<Banner tone={tone}>User not found, invitation sent to join</Banner>);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveClass(`b-banner--${tone}`);
    }
  });

  it('auto-dismisses after 5 seconds by default', () => {
    render(<FormError />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('No error')).toBeInTheDocument();
  });

  it('calls onDismiss once after a custom delay', () => {
    const onDismiss = vi.fn();
    render(
      <Banner tone="success" onDismiss={onDismiss} autoDismissMs={2000}>
        Trusted user removed.
      </Banner>,
    );
    act(() => vi.advanceTimersByTime(1999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('does not restart its timer when the parent re-renders with a new onDismiss', () => {
    const calls: number[] = [];
    const { rerender } = render(
      <Banner tone="error" onDismiss={() => calls.push(1)}>
        Error
      </Banner>,
    );
    act(() => vi.advanceTimersByTime(3000));
    rerender(
      <Banner tone="error" onDismiss={() => calls.push(2)}>
        Error
      </Banner>,
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(calls).toEqual([2]);
  });

  it('never auto-dismisses with autoDismissMs={0}', () => {
    const onDismiss = vi.fn();
    render(
      <Banner tone="warning" onDismiss={onDismiss} autoDismissMs={0}>
        Careful
      </Banner>,
    );
    act(() => vi.advanceTimersByTime(60_000));
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('has a Dismiss button that dismisses at once', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<FormError />);
    act(() => vi.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no Dismiss button and no timer without onDismiss', () => {
    render(<Banner tone="info">Loading trusted users…</Banner>);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Loading trusted users…');
  });
});
