import { describe, expect, it } from 'vitest';
import { defineMailMessages, languageOf } from './i18n';

describe('languageOf', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.5', 'de'],
    ['en;q=0.2, de;q=0.7', 'de'],
    ['de;q=0, en', 'en'],
    ['DE', 'de'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('defineMailMessages', () => {
  const t = defineMailMessages('check', {
    en: { hello: 'Hello {{name}}', days_one: '{{count}} day', days_other: '{{count}} days' },
    de: { hello: 'Hallo {{name}}', days_one: '{{count}} Tag', days_other: '{{count}} Tage' },
  });
  it('writes each call in the language it names, interpolated and pluralised', () => {
    expect(t('de')('hello', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('en')('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('de')('days', { count: 1 })).toBe('1 Tag');
    expect(t('en')('days', { count: 3 })).toBe('3 days');
  });
});
