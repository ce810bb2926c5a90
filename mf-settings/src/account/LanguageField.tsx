import { NoticeBanner, useNotice } from '@baton/ui';
import {
  type Language,
  languageNames,
  languages,
  setLanguage,
  translate,
  useLanguage,
  useT,
} from '@baton/web-platform';
import { useUpdateNotificationPreferencesMutation } from '../api';
import { book } from '../messages';
import { ChoiceField } from '../notifications/ChoiceField';

/** Each language in its own words, so a person finds theirs whatever the page is in. */
const choices = languages.map((value) => ({ value, name: languageNames[value] }));

/**
 * The language of the screens and of the mails: the page switches at once and this device remembers it; the
 * account keeps it for the mails (and for devices where the person has not chosen one).
 */
export function LanguageField() {
  const t = useT(book);
  const language = useLanguage();
  const [update] = useUpdateNotificationPreferencesMutation();
  const { notice, show, clear } = useNotice();

  async function choose(next: Language) {
    clear();
    await setLanguage(next);
    try {
      await update({ language: next }).unwrap();
    } catch {
      // In the language just chosen (this render's `t` still speaks the one before).
      show('error', translate(book)('languageSaveFailed'));
    }
  }

  return (
    <div className="settings-language">
      <NoticeBanner notice={notice} onDismiss={clear} />
      <ChoiceField
        label={t('language')}
        value={language}
        choices={choices}
        onChange={choose}
        hint={t('languageHint')}
      />
    </div>
  );
}
