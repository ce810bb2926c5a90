import { defineMessages } from '@baton/web-platform';

export const appearanceBook = defineMessages('settings.appearance', {
  en: {
    title: 'Appearance',
    intro: 'How Baton looks on this device.',
    theme: 'Theme',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
    systemHint: 'Follows your device: {{theme}} now.',
    lightHint: 'Dark text on light backgrounds.',
    darkHint: 'Light text on dark backgrounds, easier on the eyes at night.',
  },
  de: {
    title: 'Darstellung',
    intro: 'So sieht Baton auf diesem Gerät aus.',
    theme: 'Design',
    system: 'System',
    light: 'Hell',
    dark: 'Dunkel',
    systemHint: 'Folgt deinem Gerät: gerade {{theme}}.',
    lightHint: 'Dunkle Schrift auf hellem Grund.',
    darkHint: 'Helle Schrift auf dunklem Grund, angenehmer für die Augen am Abend.',
  },
});
