import { defineMessages } from '@baton/web-platform';

/**
 * The legal pages' frame and the contact page. The terms and the privacy policy themselves stay in English,
 * their binding version: a German page says so and marks the text as English (`lang="en"`).
 */
export const legalBook = defineMessages('legal', {
  en: {
    termsTitle: 'Terms of Service',
    privacyTitle: 'Privacy Policy',
    effectiveDate: 'Effective date:',
    effective: 'Effective:',
    // Shown in other languages only.
    englishOnly: 'This text is available in English only; the English version is binding.',
    contactTitle: 'Contact',
    contactMeta: 'We usually reply within one business day.',
    contactHeading: 'E-mail support',
    contactText: 'Questions, feedback or trouble signing in? Our support team is reachable by e-mail at',
    contactHelp:
      'To help us help you faster, include the e-mail address of your Baton account and, if your question is about a task, its title.',
  },
  de: {
    termsTitle: 'Nutzungsbedingungen',
    privacyTitle: 'Datenschutzerklärung',
    effectiveDate: 'Gültig ab:',
    effective: 'Gültig ab:',
    englishOnly: 'Dieser Text steht nur auf Englisch zur Verfügung; die englische Fassung ist verbindlich.',
    contactTitle: 'Kontakt',
    contactMeta: 'Wir antworten meist innerhalb eines Werktags.',
    contactHeading: 'Support per E-Mail',
    contactText:
      'Fragen, Feedback oder Probleme bei der Anmeldung? Unser Support-Team erreichst du per E-Mail unter',
    contactHelp:
      'Damit wir dir schneller helfen können, gib die E-Mail-Adresse deines Baton-Kontos an und, wenn es um eine Aufgabe geht, ihren Titel.',
  },
});
