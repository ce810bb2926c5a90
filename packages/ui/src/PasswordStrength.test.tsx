import { passwordVerdict } from '@baton/contracts/password-strength';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NewPasswordField, strengthMessages } from './PasswordStrength';

// The real estimator, dictionaries and all, loaded by the component's own import(): nothing is mocked.
const loaded = { timeout: 15_000 };

function Form({ personal }: { personal?: string[] }) {
  const [value, setValue] = useState('');
  return (
    <NewPasswordField
      label="New password"
      hint="At least 8 characters."
      personal={personal}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

function setup(personal?: string[]) {
  const user = userEvent.setup();
  const { container } = render(<Form personal={personal} />);
  const input = within(container).getByLabelText('New password');
  const region = container.querySelector('[aria-live="polite"]') as HTMLElement;
  /** Replaces what is typed, then waits for the verdict on it. */
  const typeAndWait = async (password: string, text: string | RegExp) => {
    await user.clear(input);
    await user.type(input, password);
    await expect.poll(() => region.textContent, loaded).toMatch(text);
  };
  return { user, input, region, typeAndWait };
}

describe('NewPasswordField', () => {
  it('says nothing before typing and until the estimator is in; then "Too weak" or "Strong enough."', async () => {
    const { user, input, region, typeAndWait } = setup();
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(region).toBeEmptyDOMElement();
    // The hint is part of the field's description, next to its own.
    expect(input).toHaveAccessibleDescription('At least 8 characters.');
    await user.type(input, 'password');
    expect(region).toBeEmptyDOMElement();
    await typeAndWait('password', /^Too weak: /);
    expect(region).toHaveTextContent(strengthMessages.weak(passwordVerdict('password')));
    expect(region).toHaveTextContent('This is a heavily used password.');
    expect(input).toHaveAccessibleDescription(`At least 8 characters. ${region.textContent}`);
    await typeAndWait('correct-horse-battery-staple-91', strengthMessages.strong);
    await user.clear(input);
    await expect.poll(() => region.textContent, loaded).toBe('');
  });

  it("counts the person's own name and e-mail as known words, as the server does", async () => {
    const ada = setup(['ada@example.com', 'Ada', 'Lovelace']);
    const stranger = setup();
    await ada.typeAndWait(
      'Lovelace1815',
      /^Too weak: There should not be any personal or page related data\./,
    );
    await stranger.typeAndWait('Lovelace1815', strengthMessages.strong);
  });

  it.each([
    'password',
    'iloveyou2',
    'abcdefgh',
    'Summer2024!',
    'tr0ub4dour',
    'correct-horse-battery-staple-91',
  ])('shows the verdict identity gives on %j', async (password) => {
    const { typeAndWait } = setup();
    const verdict = passwordVerdict(password);
    await typeAndWait(password, verdict.ok ? strengthMessages.strong : /^Too weak: /);
  });
});
