import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';
import { TextField } from './TextField';

describe('TextField', () => {
  it('links the label to the input and passes input props', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" type="email" name="email" onChange={onChange} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, 'a@b.c');
    expect(input).toHaveValue('a@b.c');
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('defaults to type text and marks required fields', () => {
    render(<TextField label="First name" required />);
    const input = screen.getByRole('textbox', { name: /First name/ });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toBeRequired();
  });

  it('describes the input by its hint and error, and marks it invalid', () => {
    const { rerender } = render(<TextField label="Folder name" hint="Up to 50 characters" />);
    const input = screen.getByLabelText('Folder name');
    expect(input).toHaveAccessibleDescription('Up to 50 characters');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(<TextField label="Folder name" hint="Up to 50 characters" error="Name is required" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 50 characters Name is required');
    expect(input).toBeInvalid();
  });

  it('keeps an id and aria-describedby given by the caller', () => {
    render(
      <>
        <p id="extra">Extra help</p>
        <TextField label="Title" id="task-title" aria-describedby="extra" error="Too long" />
      </>,
    );
    const input = screen.getByLabelText('Title');
    expect(input).toHaveAttribute('id', 'task-title');
    expect(input).toHaveAccessibleDescription('Extra help Too long');
  });
});

describe('Checkbox', () => {
  it('has a label that can contain a link, and toggles from the label', async () => {
    const onChange = vi.fn();
    render(
      <Checkbox
        label={
          <>
            I agree to the <a href="/terms">Terms</a>
          </>
        }
        onChange={onChange}
        required
        error="You must accept the terms"
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to the Terms' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must accept the terms');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await userEvent.click(screen.getByText(/I agree to the/));
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('supports defaultChecked (Remember me is on by default)', async () => {
    render(<Checkbox label="Remember me" defaultChecked />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
  });
});
