export { contractMessages, localizeSentence } from './contracts';
export {
  currentLanguage,
  defineMessages,
  detectLanguage,
  type Language,
  languageKey,
  languageNames,
  languages,
  type MessageBook,
  type MessageKey,
  setLanguage,
  storedLanguage,
  type Translate,
  translate,
  untranslatedKeys,
  useLanguage,
  useT,
} from './core';
export { type CategoryText, categoryBook, categoryText, useCategoryText, useLocalize } from './platform';
export { I18nUiProvider, uiBook } from './ui';
