import { useCallback } from 'react';
import { offlineMessage } from '../http/online';
import type { Category } from '../state/workspace';
import { addServerSentence, localizeSentence } from './contracts';
import { defineMessages, type Language, translate, useLanguage, useT } from './core';

addServerSentence(
  offlineMessage,
  'Du bist offline: Das wurde nicht gespeichert. Versuch es noch einmal, wenn die Verbindung zurück ist.',
);

/** The workspace's views: the sidebar's names (SPEC §2) and the headings of the views themselves. */
export const categoryBook = defineMessages('categories', {
  en: {
    Dashboard: 'Dashboard',
    'Personal Tasks': 'Personal Tasks',
    'Invited Tasks': 'Invited Tasks',
    'Tasks Delegated - Invitation': 'Tasks Delegated - Invitation',
    'Assigned Tasks': 'Assigned Tasks',
    'Tasks Delegated - Assigned': 'Tasks Delegated - Assigned',
    'Waiting on others': 'Waiting on others',
    Settings: 'Settings',
    'heading Dashboard': 'Dashboard',
    'heading Personal Tasks': 'Personal Tasks',
    'heading Invited Tasks': 'Invitations to me',
    'heading Tasks Delegated - Invitation': 'Invitations I sent',
    'heading Assigned Tasks': 'Assigned to me',
    'heading Tasks Delegated - Assigned': 'Assigned by me',
    'heading Waiting on others': 'Waiting on others',
    'heading Settings': 'Settings',
  } satisfies Record<Category | `heading ${Category}`, string>,
  de: {
    Dashboard: 'Übersicht',
    'Personal Tasks': 'Persönliche Aufgaben',
    'Invited Tasks': 'Einladungen an mich',
    'Tasks Delegated - Invitation': 'Delegiert – Einladung',
    'Assigned Tasks': 'Mir zugewiesen',
    'Tasks Delegated - Assigned': 'Delegiert – Zugewiesen',
    'Waiting on others': 'Warten auf andere',
    Settings: 'Einstellungen',
    'heading Dashboard': 'Übersicht',
    'heading Personal Tasks': 'Persönliche Aufgaben',
    'heading Invited Tasks': 'Einladungen an mich',
    'heading Tasks Delegated - Invitation': 'Von mir verschickte Einladungen',
    'heading Assigned Tasks': 'Mir zugewiesen',
    'heading Tasks Delegated - Assigned': 'Von mir zugewiesen',
    'heading Waiting on others': 'Warten auf andere',
    'heading Settings': 'Einstellungen',
  },
});

export interface CategoryText {
  /** The sidebar's name of a view (SPEC §2's words in English). */
  name: (category: Category) => string;
  /** The view's own heading (plain words: `categoryHeading` in English). */
  heading: (category: Category) => string;
}

/** A view's name and heading outside React, in the page's language. */
export function categoryText(): CategoryText {
  const t = translate(categoryBook);
  return { name: (category) => t(category), heading: (category) => t(`heading ${category}`) };
}

/** A view's name and heading in the person's language. */
export function useCategoryText(): CategoryText {
  const t = useT(categoryBook);
  return {
    name: (category) => t(category),
    heading: (category) => t(`heading ${category}`),
  };
}

/**
 * A sentence from the server or the contracts in the person's language (`errorMessage` and `failureMessage`
 * already give views localized sentences; this is for a contracts constant a view shows itself).
 */
export function useLocalize(): (text: string, language?: Language) => string {
  const language = useLanguage();
  return useCallback((text, other) => localizeSentence(text, other ?? language), [language]);
}
