import { type Language, languages } from '@baton/contracts';
import i18next from 'i18next';

export type { Language };

/**
 * The mails' own i18next instance: the services write each mail in its recipient's language, many languages
 * at once, so nothing here follows a "current" language (each call names its own); it is apart from the
 * browser's instance, which follows one person.
 */
const mailI18n = i18next.createInstance();
void mailI18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...languages],
  resources: {},
  initAsync: false,
  // React escapes what the templates render; the text part and the subject are plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A key of a book, with plural suffixes folded into their base key (`tasks_one` → `tasks`). */
type BaseKey<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;
export type MailTranslate<E> = (key: BaseKey<keyof E & string>, values?: Record<string, unknown>) => string;

/**
 * A book of mail sentences (`{{name}}` interpolates; `key_one`/`key_other` with `count` pluralise). German must
 * have exactly the English keys: a missing translation is a type error. Returns the book's translate function
 * in a language.
 */
export function defineMailMessages<const E extends Record<string, string>>(
  namespace: string,
  bundles: { en: E; de: { [K in keyof E]: string } },
): (language: Language) => MailTranslate<E> {
  for (const language of languages)
    mailI18n.addResourceBundle(language, namespace, bundles[language], true, true);
  return (language) => {
    const t = mailI18n.getFixedT(language, namespace);
    return (key, values) => String(t(key as string, values ?? {}));
  };
}

/** The `Intl` locale of a mail: English mails write dates the British way ("Fri 28 Nov", 24-hour clock). */
export const mailLocale = (language: Language) => (language === 'de' ? 'de-DE' : 'en-GB');

/** The layout's and the templates' own words. */
export const templateT = defineMailMessages('templates', {
  en: {
    settings: 'Notification settings',
    unsubscribe: 'Unsubscribe from e-mails about {{what}}',
    pasteLink: 'Or paste this link into your browser: ',
    eventReason: 'You got this mail because your Baton notification settings send e-mails about {{what}}.',
    digestReason: 'You got this mail because your Baton notification settings collect updates into a digest.',
    nothingNew: 'Nothing new since your last digest.',
  },
  de: {
    settings: 'Benachrichtigungseinstellungen',
    unsubscribe: 'Keine E-Mails mehr über {{what}}',
    pasteLink: 'Oder kopiere diesen Link in deinen Browser: ',
    eventReason:
      'Du bekommst diese Mail, weil deine Baton-Benachrichtigungseinstellungen E-Mails über {{what}} senden.',
    digestReason:
      'Du bekommst diese Mail, weil deine Baton-Benachrichtigungseinstellungen Neuigkeiten in einer Zusammenfassung sammeln.',
    nothingNew: 'Nichts Neues seit deiner letzten Zusammenfassung.',
  },
});

/**
 * The language Baton speaks that an `Accept-Language` header prefers most (by quality, then order), else
 * English: for mails to people whose language is not stored (a sign-up, a reset, an invitation). The app sends
 * the language its screens are in.
 */
export function languageOf(acceptLanguage: string | null | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      const base = tag.trim().toLowerCase().split('-')[0] ?? '';
      return { base, quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const found = ranked.find((entry) => languages.includes(entry.base as Language));
  return (found?.base as Language | undefined) ?? 'en';
}
