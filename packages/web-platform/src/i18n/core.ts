import { type Language, languages } from '@baton/contracts';
import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

export { type Language, languages };
export const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch' };
/** Where the person's choice is kept on this device (the server keeps it too, for mails). */
export const languageKey = 'baton.language';

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** The language the person chose on this device, or null when they never chose one here. */
export function storedLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(languageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The person's choice on this device, else the browser's first language Baton speaks, else English. */
export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of globalThis.navigator?.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

const initialLanguage = detectLanguage();
// One instance for the shell and every remote: web-platform is a Module Federation singleton.
void i18next.use(initReactI18next).init({
  lng: initialLanguage,
  fallbackLng: 'en',
  supportedLngs: [...languages],
  resources: {},
  initAsync: false,
  // React escapes what it renders; sentences are plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Keys are flat names: a sentence key may hold a dot.
  keySeparator: false,
});
// Screen readers and the browser's own words (spelling, hyphenation) follow the page's language.
if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;

/** Sentences of one namespace in every language: English is the source, German must have every key. */
export interface MessageBook<E extends Record<string, string>> {
  namespace: string;
  en: E;
}

/**
 * Registers a namespace's sentences (`{{name}}` interpolates; `key_one`/`key_other` with `count` pluralise).
 * The German bundle must have exactly the English keys: a missing translation is a type error.
 */
export function defineMessages<const E extends Record<string, string>>(
  namespace: string,
  bundles: { en: E; de: { [K in keyof E]: string } },
): MessageBook<E> {
  for (const language of languages)
    i18next.addResourceBundle(language, namespace, bundles[language], true, true);
  return { namespace, en: bundles.en };
}

/** A key of a book, with plural suffixes folded into their base key (`tasks_one` → `tasks`). */
export type MessageKey<E> = keyof E extends infer K
  ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
    ? Base
    : K & string
  : never;
export type Translate<E> = (key: MessageKey<E>, values?: Record<string, unknown>) => string;
/** i18next's `t` with plain string keys (its own typing checks keys against a global resource type; books do). */
type TFunctionOf = typeof i18next.t;
const loose =
  (t: TFunctionOf) =>
  (key: string, options?: Record<string, unknown>): string =>
    String(t(key, options ?? {}));

/** The translate function of a book outside React (a toast, a document title). */
export function translate<E extends Record<string, string>>(book: MessageBook<E>): Translate<E> {
  const t = loose(i18next.t);
  return (key, values) => t(key, { ns: book.namespace, ...values });
}

/** The translate function of a book; the component renders again when the language changes. */
export function useT<E extends Record<string, string>>(book: MessageBook<E>): Translate<E> {
  const { t } = useTranslation(book.namespace);
  // Stable while the language stays, so it can be a dependency of effects and memos.
  return useCallback((key, values) => loose(t)(key, values), [t]);
}

/**
 * The keys of a book whose German is still the English word for word, minus `allowed` (names, words both
 * languages share) and sentences that are only placeholders and punctuation: what a translator missed.
 */
export function untranslatedKeys<E extends Record<string, string>>(
  book: MessageBook<E>,
  allowed: string[] = [],
) {
  const german = (i18next.getResourceBundle('de', book.namespace) ?? {}) as Record<string, string>;
  const words = (text: string) => text.replace(/\{\{\w+\}\}/g, '').replace(/<\/?\d+>/g, '');
  return Object.entries(book.en)
    .filter(([key, english]) => german[key] === english)
    .filter(([, english]) => /\p{L}/u.test(words(english).replaceAll('Baton', '')))
    .filter(([, english]) => !allowed.includes(english))
    .map(([key]) => key);
}

/** The language in use: a BCP 47 tag for `Intl` formatters. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');

/**
 * Switches every view on the page to `language` and remembers it on this device (`remember: false`: the
 * account's language on a device where the person never chose one, which stays free to follow the account).
 */
export async function setLanguage(language: Language, { remember = true }: { remember?: boolean } = {}) {
  if (remember) globalThis.localStorage?.setItem(languageKey, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
