import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'all', label: 'All (3)' },
  { id: 'unread', label: 'Unread (1)' },
  { id: 'archived', label: 'Archived' },
];

function Controlled({ onChange }: { onChange?: (id: string) => void }) {
  const [value, setValue] = useState('all');
  return (
    <>
      <Tabs
        aria-label="Notifications"
        tabs={tabs}
        value={value}
        onChange={(id) => {
          onChange?.(id);
          setValue(id);
        }}
      >
        <p>Panel for {value}</p>
      </Tabs>
      <button type="button">After</button>
    </>
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('renders a named tablist whose selected tab controls the visible panel', () => {
    render(<Controlled />);
    expect(screen.getByRole('tablist', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(tab(/All/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Unread/)).toHaveAttribute('aria-selected', 'false');

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Panel for all');
    expect(tab(/All/)).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAccessibleName('All (3)');
    // Every tab's aria-controls points at an element (hidden panels for the others).
    for (const t of screen.getAllByRole('tab')) {
      expect(document.getElementById(t.getAttribute('aria-controls') ?? '')).not.toBeNull();
    }
  });

  it('has a roving tabindex: only the selected tab is in the Tab order', async () => {
    render(<Controlled />);
    expect(tab(/All/)).toHaveAttribute('tabindex', '0');
    expect(tab(/Unread/)).toHaveAttribute('tabindex', '-1');
    expect(tab(/Archived/)).toHaveAttribute('tabindex', '-1');
    const user = userEvent.setup();
    await user.tab();
    expect(tab(/All/)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('selects with ArrowRight/ArrowLeft (wrapping), Home and End, moving focus along', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('unread');
    expect(tab(/Unread/)).toHaveFocus();
    expect(tab(/Unread/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Unread/)).toHaveAttribute('tabindex', '0');
    expect(tab(/All/)).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for unread');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab(/All/)).toHaveFocus(); // wrapped
    await user.keyboard('{ArrowLeft}');
    expect(tab(/Archived/)).toHaveFocus(); // wrapped back
    expect(onChange).toHaveBeenLastCalledWith('archived');
    await user.keyboard('{Home}');
    expect(tab(/All/)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('all');
    await user.keyboard('{End}');
    expect(tab(/Archived/)).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for archived');
  });

  it('selects on click and ignores other keys', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(tab(/Unread/));
    expect(onChange).toHaveBeenCalledWith('unread');
    await user.keyboard('{ArrowDown}a');
    expect(onChange).toHaveBeenCalledOnce();
  });
});
