import {
  fileMessages,
  identityMessages,
  preferenceMessages,
  transferMessages,
} from '@baton/contracts/constants';
import { formatFileSize, PasswordField, relativeTime } from '@baton/ui';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineMessage } from '../http/online';
import {
  categoryBook,
  contractMessages,
  I18nUiProvider,
  languageKey,
  localizeSentence,
  setLanguage,
  uiBook,
  untranslatedKeys,
} from './index';

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.removeItem(languageKey);
});

describe("the server's and the contracts' sentences in German", () => {
  it('finds a fixed sentence, one with text in it, and one with a number shown as minutes', () => {
    expect(localizeSentence(identityMessages.invalidCredentials, 'de')).toBe(
      'E-Mail oder Passwort ist falsch.',
    );
    expect(localizeSentence(identityMessages.verifySent('ada@example.com'), 'de')).toBe(
      'Wir haben einen neuen Link an ada@example.com geschickt.',
    );
    expect(localizeSentence(identityMessages.rateLimited(300), 'de')).toBe(
      'Zu viele Versuche. Bitte versuch es in 5 Minuten noch einmal.',
    );
    expect(localizeSentence(transferMessages.imported(1), 'de')).toBe('1 Aufgabe importiert.');
    expect(localizeSentence(preferenceMessages.testDigestSent('b@x.io'), 'de')).toBe(
      'Eine Test-Zusammenfassung ist unterwegs an b@x.io.',
    );
    expect(localizeSentence(offlineMessage, 'de')).toMatch(/^Du bist offline/);
  });

  it('leaves English as it is, and a sentence it does not know as it came', () => {
    expect(localizeSentence(identityMessages.invalidCredentials, 'en')).toBe(
      identityMessages.invalidCredentials,
    );
    expect(localizeSentence('Bad gateway from the proxy.', 'de')).toBe('Bad gateway from the proxy.');
  });

  it('has German for every sentence of the contracts, none left in English', () => {
    const english = contractMessages('en');
    const german = contractMessages('de');
    for (const [area, sentences] of Object.entries(english))
      for (const [key, sentence] of Object.entries(sentences)) {
        const de = (german as Record<string, Record<string, unknown>>)[area]?.[key];
        const text = (value: unknown) => (typeof value === 'function' ? value('x@y.io', 120) : value);
        expect(typeof de, `${area}.${key}`).toBe(typeof sentence);
        expect(text(de), `${area}.${key}`).not.toBe(text(sentence));
      }
  });

  it('words file sizes with the German decimal mark', () => {
    expect(fileMessages.storageUsed(1_258_291, 26_214_400)).toBe('1.2 MB of 25 MB used');
    expect(contractMessages('de').file.storageUsed(1_258_291, 26_214_400)).toBe('1,2 MB von 25 MB belegt');
    expect(formatFileSize(1_258_291, 'de')).toBe('1,2 MB');
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
  });
});

describe('the shared components and formats in German', () => {
  it('says relative times through Intl, English in SPEC §2 words', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(ago(5 * 60_000), now, 'de')).toBe('vor 5 Min.');
    expect(relativeTime(ago(10_000), now, 'de')).toBe('jetzt');
    expect(relativeTime(ago(3 * 86_400_000), now, 'de')).toBe('vor 3 Tagen');
  });

  it('switches the shared components and <html lang> with the language', async () => {
    render(
      <I18nUiProvider>
        <PasswordField label="Passwort" />
      </I18nUiProvider>,
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    await act(() => setLanguage('de'));
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(languageKey)).toBe('de');
  });

  it('leaves no German word for word English in its books', () => {
    expect(untranslatedKeys(uiBook)).toEqual([]);
    expect(untranslatedKeys(categoryBook)).toEqual([]);
  });
});
