import { defineMessages, setLanguage, useT } from '@baton/web-platform';
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

const book = defineMessages('check', {
  en: { hello: 'Hello {{name}}', tasks_one: '{{count}} task', tasks_other: '{{count}} tasks' },
  de: { hello: 'Hallo {{name}}', tasks_one: '{{count}} Aufgabe', tasks_other: '{{count}} Aufgaben' },
});
function View() {
  const t = useT(book);
  return (
    <p>
      {t('hello', { name: 'Ana' })} · {t('tasks', { count: 2 })}
    </p>
  );
}
it('switches', async () => {
  render(<View />);
  expect(screen.getByText('Hello Ana · 2 tasks')).toBeTruthy();
  await act(() => setLanguage('de'));
  expect(screen.getByText('Hallo Ana · 2 Aufgaben')).toBeTruthy();
});
