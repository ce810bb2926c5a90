import type { Language } from '@baton/contracts';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The words of the shared components, in English. The components do not translate themselves (this package
 * has no i18n of its own): the platform provides the person's language above them (`UiTextProvider`, fed by
 * web-platform's books), and without it they speak English.
 */
export const uiText = {
  dismiss: 'Dismiss',
  notifications: 'Notifications',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  show: 'Show',
  hide: 'Hide',
  strong: 'Strong enough.',
  weak: 'Too weak: {{advice}}',
  weakTip: 'add another word or two. Uncommon words are better.',
  priorityImmediate: 'Immediate',
  priorityModerate: 'Moderate',
  priorityLenient: 'Lenient',
  priorityUnknown: 'Unknown',
  replace: 'Replace',
  remove: 'Remove',
  undo: 'Undo',
  willBeRemoved: 'will be removed when you save.',
  uploadingFile: 'Uploading {{name}}',
  uploadingPercent: 'Uploading… {{percent}}%',
  uploaded: 'Uploaded',
  uploadedReplaces: 'Uploaded, replaces {{name}} when you save',
  fileUploaded: '{{name}} uploaded',
  fileWillBeRemoved: '{{name}} will be removed when you save',
  filePreview: 'File preview',
  loadingPreview: 'Loading preview…',
  download: 'Download',
  close: 'Close',
} as const;
export type UiTextKey = keyof typeof uiText;

export interface UiText {
  language: Language;
  /** A word of `uiText` in the person's language; `{{name}}` interpolates. */
  t: (key: UiTextKey, values?: Record<string, string | number>) => string;
  /** A sentence of the contracts (or a server's) in the person's language. */
  sentence: (text: string) => string;
}

const interpolate = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const english: UiText = {
  language: 'en',
  t: (key, values) => interpolate(uiText[key], values),
  sentence: (text) => text,
};

const UiTextContext = createContext<UiText>(english);

export function UiTextProvider({ value, children }: { value: UiText; children?: ReactNode }) {
  return <UiTextContext value={value}>{children}</UiTextContext>;
}

/** The words of the shared components in the person's language (English without a provider). */
export const useUiText = () => useContext(UiTextContext);
