import { type UiText, type UiTextKey, UiTextProvider, uiText } from '@baton/ui';
import { type ReactNode, useMemo } from 'react';
import { localizeSentence } from './contracts';
import { defineMessages, useLanguage, useT } from './core';

/** The shared components' words (`@baton/ui` keeps English and asks for the rest through its provider). */
export const uiBook = defineMessages('ui', {
  en: uiText,
  de: {
    dismiss: 'Schließen',
    notifications: 'Benachrichtigungen',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    show: 'Anzeigen',
    hide: 'Verbergen',
    strong: 'Stark genug.',
    weak: 'Zu schwach: {{advice}}',
    weakTip: 'Füg ein, zwei Wörter hinzu. Seltene Wörter sind besser.',
    priorityImmediate: 'Sofort',
    priorityModerate: 'Mittel',
    priorityLenient: 'Locker',
    priorityUnknown: 'Unbekannt',
    replace: 'Ersetzen',
    remove: 'Entfernen',
    undo: 'Rückgängig',
    willBeRemoved: 'wird beim Speichern entfernt.',
    uploadingFile: '{{name}} wird hochgeladen',
    uploadingPercent: 'Wird hochgeladen… {{percent}} %',
    uploaded: 'Hochgeladen',
    uploadedReplaces: 'Hochgeladen, ersetzt beim Speichern {{name}}',
    fileUploaded: '{{name}} hochgeladen',
    fileWillBeRemoved: '{{name}} wird beim Speichern entfernt',
    filePreview: 'Dateivorschau',
    loadingPreview: 'Vorschau wird geladen…',
    download: 'Herunterladen',
    close: 'Schließen',
  },
});

/** Gives the shared components (`@baton/ui`) the person's language; they re-render when it changes. */
export function I18nUiProvider({ children }: { children?: ReactNode }) {
  const t = useT(uiBook);
  const language = useLanguage();
  const value = useMemo<UiText>(
    () => ({
      language,
      t: (key: UiTextKey, values?: Record<string, string | number>) => t(key, values),
      sentence: (text: string) => localizeSentence(text, language),
    }),
    [t, language],
  );
  return <UiTextProvider value={value}>{children}</UiTextProvider>;
}
