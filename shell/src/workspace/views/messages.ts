import { defineMessages } from '@baton/web-platform';

/** The sidebar's saved views. */
export const viewsBook = defineMessages('shell.views', {
  en: {
    heading: 'Views',
    loadFailed: 'Views could not be loaded.',
    retry: 'Try again',
    delete: 'Delete view “{{name}}”',
    deleteTitle: 'Delete the view “{{name}}”?',
    deleteText: 'The view goes from the sidebar. No task changes.',
    confirmDelete: 'Delete view',
    cancel: 'Cancel',
    deleted: 'View “{{name}}” deleted.',
    deleteFailed: 'The view could not be deleted.',
    gone: 'This view’s list no longer exists.',
  },
  de: {
    heading: 'Ansichten',
    loadFailed: 'Die Ansichten konnten nicht geladen werden.',
    retry: 'Noch mal versuchen',
    delete: 'Ansicht „{{name}}“ löschen',
    deleteTitle: 'Die Ansicht „{{name}}“ löschen?',
    deleteText: 'Die Ansicht verschwindet aus der Seitenleiste. Keine Aufgabe ändert sich.',
    confirmDelete: 'Ansicht löschen',
    cancel: 'Abbrechen',
    deleted: 'Ansicht „{{name}}“ gelöscht.',
    deleteFailed: 'Die Ansicht konnte nicht gelöscht werden.',
    gone: 'Die Liste dieser Ansicht gibt es nicht mehr.',
  },
});
