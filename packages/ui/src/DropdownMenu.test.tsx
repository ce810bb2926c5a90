import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';

function setup() {
  const onSelect = { newest: vi.fn(), priority: vi.fn(), archived: vi.fn(), due: vi.fn() };
  render(
    <>
      <DropdownMenu
        label="Sort"
        items={[
          { label: 'Newly Added', onSelect: onSelect.newest },
          { label: 'Priority', onSelect: onSelect.priority },
          { label: 'Archived', onSelect: onSelect.archived, disabled: true },
          { label: 'Due Date', onSelect: onSelect.due },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Sort' });
  const item = (name: string) => screen.getByRole('menuitem', { name });
  return { user, button, item, onSelect };
}

describe('DropdownMenu', () => {
  it('is a closed menu button at first', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click with focus on the first item, labelled by its button', async () => {
    const { user, button, item } = setup();
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Sort' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem')).toHaveLength(4);
    expect(item('Archived')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Newly Added')).toHaveFocus();
  });

  it('moves focus with ArrowDown/ArrowUp (wrapping, skipping disabled items), Home and End', async () => {
    const { user, button, item } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(item('Newly Added')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Priority')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Due Date')).toHaveFocus(); // Archived is disabled
    await user.keyboard('{ArrowDown}');
    expect(item('Newly Added')).toHaveFocus(); // wraps to the top
    await user.keyboard('{ArrowUp}');
    expect(item('Due Date')).toHaveFocus(); // wraps to the bottom
    await user.keyboard('{ArrowUp}');
    expect(item('Priority')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Newly Added')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Due Date')).toHaveFocus();
  });

  it('opens from the button with ArrowDown on the first item and ArrowUp on the last', async () => {
    const { user, button, item } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(item('Newly Added')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(item('Due Date')).toHaveFocus();
  });

  it('chooses the focused item with Enter, closes and returns focus to the button', async () => {
    const { user, button, onSelect } = setup();
    button.focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(onSelect.priority).toHaveBeenCalledOnce();
    expect(onSelect.newest).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('chooses the focused item with Space', async () => {
    const { user, button, onSelect } = setup();
    await user.click(button);
    await user.keyboard('{End} ');
    expect(onSelect.due).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('chooses an item by click, but not a disabled one', async () => {
    const { user, button, item, onSelect } = setup();
    await user.click(button);
    await user.click(item('Archived'));
    expect(onSelect.archived).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(item('Newly Added'));
    expect(onSelect.newest).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user, button, item, onSelect } = setup();
    await user.click(button);
    await user.keyboard('{ArrowDown}');
    expect(item('Priority')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(Object.values(onSelect).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('closes on a click outside and on a second click on the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Tab and focus moves on past the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('offers a choice as menuitemradio items, opening on the current one; an icon button has no caret', async () => {
    const onSelect = vi.fn();
    render(
      <DropdownMenu
        label="…"
        aria-label="Priority: Moderate"
        caret={false}
        items={['Immediate', 'Moderate', 'Lenient'].map((p) => ({
          label: p,
          checked: p === 'Moderate',
          onSelect: () => onSelect(p),
        }))}
      />,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Priority: Moderate' });
    expect(button.querySelector('.b-menu__caret')).toBeNull();
    await user.click(button);
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
    const moderate = screen.getByRole('menuitemradio', { name: 'Moderate' });
    expect(moderate).toHaveAttribute('aria-checked', 'true');
    expect(moderate).toHaveFocus();
    expect(screen.getByRole('menuitemradio', { name: 'Lenient' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Lenient');
    expect(button).toHaveFocus();
  });
});
