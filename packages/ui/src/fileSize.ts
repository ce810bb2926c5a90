import type { Language } from '@baton/contracts';
import { formatFileSize as englishSize } from '@baton/contracts/constants';

/**
 * A size for people in `language`: the contracts word it once in English ("1.2 MB", as the server's sentences
 * do); other languages get the same number and unit with their own decimal mark ("1,2 MB").
 */
export function formatFileSize(bytes: number, language: Language = 'en') {
  const english = englishSize(bytes);
  if (language === 'en') return english;
  const [amount, unit] = english.split(' ');
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Number(amount))} ${unit}`;
}
