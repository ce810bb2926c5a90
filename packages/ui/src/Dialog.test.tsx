import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogProps } from './Dialog';
import { DropdownMenu } from './DropdownMenu';

/** A page with buttons around a trigger that opens the dialog. */
function Page({
  children,
  withOnClose = true,
  ...props
}: Partial<DialogProps> & { children?: ReactNode; withOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">After</button>
      <Dialog
        title="Delete task?"
        description="This cannot be undone."
        {...props}
        open={open}
        onClose={withOnClose ? () => setOpen(false) : undefined}
      >
        {children ?? (
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <input aria-label="Reason" />
            <button type="button">Delete</button>
          </>
        )}
      </Dialog>
    </main>
  );
}

async function openDialog(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog in document.body, named by its title and described by its description', async () => {
    const { container } = render(<Page />);
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete task?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('moves focus to the first focusable element inside on open', async () => {
    render(<Page />);
    await openDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    render(<Page />);
    const user = await openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    const del = screen.getByRole('button', { name: 'Delete' });

    await user.tab();
    expect(reason).toHaveFocus();
    await user.tab();
    expect(del).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus(); // wrapped from last to first
    await user.tab({ shift: true });
    expect(del).toHaveFocus(); // wrapped from first to last
    await user.tab({ shift: true });
    expect(reason).toHaveFocus();

    for (let i = 0; i < 7; i++) {
      await user.tab();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('keeps focus on the dialog itself when it has nothing focusable', async () => {
    render(<Page>Just text</Page>);
    const user = await openDialog();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the element that opened it', async () => {
    render(<Page />);
    const user = await openDialog();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('works under StrictMode (effects run twice)', async () => {
    render(<Page />, { reactStrictMode: true });
    const user = await openDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('gives focus back when closed by a button inside', async () => {
    render(<Page />);
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('ignores Escape when there is no onClose', async () => {
    render(<Page withOnClose={false} role="alertdialog" fullScreen />);
    const user = await openDialog();
    await user.keyboard('{Escape}');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete task?' });
    expect(dialog).toHaveClass('b-dialog--fullscreen');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('calls onClose once per Escape', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Comments" onClose={onClose}>
        <button type="button">Send</button>
      </Dialog>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('focuses initialFocus when given', async () => {
    function WithInitial() {
      const keep = useRef<HTMLButtonElement>(null);
      return (
        <Dialog open role="alertdialog" title="Delete folder?" initialFocus={keep}>
          <button type="button">Delete</button>
          <button type="button" ref={keep}>
            Keep
          </button>
        </Dialog>
      );
    }
    render(<WithInitial />);
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
  });

  it('closes a plain dialog on a press on the backdrop, but not on a press inside', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="History" onClose={onClose}>
        <p>Entries</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(screen.getByText('Entries'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lets Escape close a menu inside the dialog without closing the dialog', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Edit folder" onClose={onClose}>
        <DropdownMenu label="Colour" items={[{ label: 'Blue', onSelect: () => {} }]} />
      </Dialog>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Colour' }));
    expect(screen.getByRole('menuitem', { name: 'Blue' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
