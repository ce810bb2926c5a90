import type { Language } from '@baton/contracts';
import {
  commentMessages,
  delegationMessages,
  fileMessages,
  findMessages,
  folderMessages,
  identityMessages,
  limits,
  mailMessages,
  notificationEvents,
  preferenceMessages,
  recurrenceMessages,
  reminderDaysMax,
  taskMessages,
  transferMessages,
} from '@baton/contracts/constants';
import { formatFileSize } from '@baton/ui';

/**
 * The sentences of `@baton/contracts` (what the services answer and what the views share with them) in German.
 * English stays the contracts' own; each German set mirrors its English one key for key and argument for
 * argument, so a missing or mistyped translation is a type error.
 */
type German<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

const english = {
  identity: identityMessages,
  mail: mailMessages,
  task: taskMessages,
  delegation: delegationMessages,
  recurrence: recurrenceMessages,
  find: findMessages,
  transfer: transferMessages,
  comment: commentMessages,
  file: fileMessages,
  folder: folderMessages,
  preference: preferenceMessages,
};
type ContractSentences = typeof english;

const minutes = (seconds: number) => Math.ceil(seconds / 60);
const deSize = (bytes: number) => formatFileSize(bytes, 'de');
const aufgaben = (n: number) => `${n} ${n === 1 ? 'Aufgabe' : 'Aufgaben'}`;
const sekunden = (n: number) => `${n} ${n === 1 ? 'Sekunde' : 'Sekunden'}`;

const german: { [A in keyof ContractSentences]: German<ContractSentences[A]> } = {
  identity: {
    loginRequired: 'E-Mail und Passwort sind erforderlich.',
    invalidCredentials: 'E-Mail oder Passwort ist falsch.',
    signupRequired: 'Bitte fülle alle Felder aus.',
    invalidEmail: 'Gib eine gültige E-Mail-Adresse ein.',
    signupPasswordMismatch: 'Die Passwörter stimmen nicht überein',
    passwordTooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    passwordTooWeak:
      'Dieses Passwort ist zu leicht zu erraten. Versuch es mit einem längeren Satz aus Wörtern, die nicht zusammenpassen.',
    signupDone:
      'Schau in dein Postfach: Wir haben dir einen Link geschickt, um deine Adresse zu bestätigen. Du kannst dich jetzt anmelden.',
    verifyInvalid: 'Ungültiger oder abgelaufener Link.',
    verifyDone: 'Deine E-Mail-Adresse ist bestätigt.',
    verifySent: (email) => `Wir haben einen neuen Link an ${email} geschickt.`,
    verifyAlready: 'Deine E-Mail-Adresse ist bereits bestätigt.',
    resetRequested: 'Falls es die E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen geschickt.',
    resetEmailRequired: 'Die E-Mail-Adresse ist erforderlich.',
    resetFillAll: 'Bitte fülle alle Felder aus.',
    resetPasswordMismatch: 'Die Passwörter stimmen nicht überein.',
    resetInvalid: 'Ungültiger oder abgelaufener Link zum Zurücksetzen.',
    resetDone: 'Dein Passwort wurde zurückgesetzt. Du kannst dich jetzt anmelden.',
    changeFillAll: 'Bitte fülle alle Passwortfelder aus.',
    changeMismatch: 'Neues Passwort und Bestätigung stimmen nicht überein.',
    changeTooShort: 'Das neue Passwort muss mindestens 8 Zeichen lang sein.',
    changeWrongCurrent: 'Das aktuelle Passwort ist falsch.',
    changeDone: 'Passwort erfolgreich geändert.',
    deletePhrase: 'Bitte tippe „delete“ zur Bestätigung.',
    deletePasswordRequired: 'Bitte gib zur Bestätigung dein Passwort ein.',
    deleteWrongPassword: 'Falsches Passwort.',
    deleteDone: 'Konto gelöscht. Mach’s gut!',
    refreshRequired: 'Ein Refresh-Token ist erforderlich.',
    refreshInvalid: 'Das Token ist ungültig oder abgelaufen',
    loggedOut: 'Abgemeldet.',
    trustedEmailRequired: 'Bitte gib eine E-Mail-Adresse ein.',
    trustedSelf: 'Du kannst dich nicht selbst als vertraute Person hinzufügen.',
    trustedExists: 'Diese Person steht schon in deiner Vertrauensliste.',
    trustedInvited: 'Person nicht gefunden, eine Einladung zu Baton wurde verschickt.',
    trustedInviteAgain: 'An diese E-Mail-Adresse wurde schon eine Einladung geschickt.',
    trustedNotFound: 'Vertraute Person nicht gefunden.',
    trustedRemoved: 'Vertraute Person entfernt.',
    rateLimited: (seconds) =>
      seconds <= 60
        ? 'Zu viele Versuche. Bitte warte eine Minute und versuch es dann noch einmal.'
        : `Zu viele Versuche. Bitte versuch es in ${minutes(seconds)} Minuten noch einmal.`,
  },
  mail: {
    tooManyToRecipient: (seconds) =>
      `Du hast zu viele E-Mails an diese Adresse geschickt. Bitte versuch es in ${minutes(seconds)} Minuten noch einmal.`,
    tooManyFromSender: (seconds) =>
      `Du hast zu viele E-Mails geschickt. Bitte versuch es in ${minutes(seconds)} Minuten noch einmal.`,
  },
  task: {
    required: 'Bitte fülle alle Pflichtfelder aus, auch die PRIORITÄT.',
    recipient: 'Gib eine gültige E-Mail-Adresse ein oder wähl eine vertraute Person aus den Vorschlägen.',
    recipientNotFound: 'Person nicht gefunden, Einladung zu Baton verschickt an',
    invalidLink: 'Ungültiger oder abgelaufener Link.',
    pageSize: `Die Seitengröße muss eine ganze Zahl von 1 bis ${limits.pageSizeMax} sein.`,
    badCursor: 'Diese Listenposition ist ungültig: Lade die Liste neu.',
    wholeListTooOften: (seconds) =>
      `Du hast deine ganze Liste zu oft abgerufen: Warte ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} oder ruf sie seitenweise ab.`,
  },
  delegation: {
    reasonRequired: 'Bitte sag, warum du ablehnst (1 bis 200 Zeichen).',
    reasonTooLong: `Ein Grund darf höchstens ${limits.reasonMax} Zeichen lang sein.`,
    noteTooLong: `Eine Notiz darf höchstens ${limits.reasonMax} Zeichen lang sein.`,
    declined: 'Aufgabe abgelehnt. Die Absenderin oder der Absender wurde informiert.',
    declinedBy: (name, reason) => `Abgelehnt von ${name}: ${reason}`,
    linkDeclined: 'Du hast diese Aufgabe abgelehnt, daher funktioniert dieser Link nicht mehr.',
    onlyRecipient: 'Das kann nur die Person, an die diese Aufgabe ging.',
    onlyOwner: 'Das kann nur die Person, die diese Aufgabe delegiert hat.',
    notDelegated:
      'Nur eine delegierte Aufgabe kann abgelehnt, verschoben, neu zugewiesen oder angestupst werden.',
    completed: 'Diese Aufgabe ist bereits erledigt.',
    proposalDate: 'Schlag ein Fälligkeitsdatum als Kalenderdatum vor (JJJJ-MM-TT).',
    proposalOpen: 'Für diese Aufgabe gibt es schon einen offenen Vorschlag: Warte auf die Antwort.',
    proposalSameDate: 'Schlag ein anderes Datum als das aktuelle Fälligkeitsdatum vor.',
    proposed: 'Dein Vorschlag wurde verschickt.',
    noProposal: 'Für diese Aufgabe gibt es keinen offenen Vorschlag.',
    proposalAccepted: 'Vorschlag angenommen: Das Fälligkeitsdatum hat sich geändert.',
    proposalRejected: 'Vorschlag abgelehnt: Das Fälligkeitsdatum bleibt.',
    reassigned: 'Aufgabe neu zugewiesen.',
    reassignSame: 'Diese Aufgabe liegt schon bei dieser Person.',
    tookBack: 'Die Aufgabe gehört wieder dir, als persönliche Aufgabe.',
    nudged: 'Erinnerung verschickt.',
    noRecipient: 'Gerade hat niemand diese Aufgabe: Weise sie zuerst neu zu.',
    nudgeTooSoon: (seconds) =>
      `Du hast vor weniger als ${limits.nudgeHours} Stunden an diese Aufgabe erinnert. In ${Math.ceil(seconds / 3600)} Stunden kannst du wieder erinnern.`,
  },
  recurrence: {
    invalid:
      'Diese Wiederholungsregel versteht Baton nicht. Wiederhole täglich, werktags, wöchentlich an gewählten Tagen, monatlich an einem Tag oder jährlich.',
    tooLong: `Eine Wiederholungsregel darf höchstens ${limits.recurrenceMax} Zeichen lang sein.`,
    needsDueDate: 'Eine wiederkehrende Aufgabe braucht ein Fälligkeitsdatum.',
  },
  find: {
    searchRequired: 'Gib etwas ein, wonach gesucht werden soll.',
    searchTooLong: `Such nach höchstens ${limits.searchMax} Zeichen.`,
    searchLimit: `Frag nach 1 bis ${limits.searchResultsMax} Ergebnissen.`,
    badFilter: 'Diesen Filter kennt Baton nicht.',
    badRange: 'Ein Zeitraum braucht einen Anfang und ein Ende, den Anfang zuerst.',
    viewNameRequired: 'Gib der Ansicht einen Namen.',
    viewNameTooLong: `Der Name einer Ansicht hat höchstens ${limits.viewName} Zeichen.`,
    viewQueryTooLong: `Die Filter einer Ansicht haben höchstens ${limits.viewQuery} Zeichen.`,
    viewsFull: `Du hast ${limits.viewsMax} gespeicherte Ansichten: Lösch eine, um eine weitere zu speichern.`,
    viewNotFound: 'Diese Ansicht wurde nicht gefunden.',
    bulkEmpty: 'Wähl mindestens eine Aufgabe aus.',
    bulkTooMany: `Ändere höchstens ${limits.bulkMax} Aufgaben auf einmal.`,
    bulkDuplicate: 'Dieselbe Aufgabe steht zweimal in der Liste.',
    bulkBadAction: 'Wähl complete, priority, due_date, folder oder delete.',
    bulkBadValue: 'Dieser Wert passt nicht zur Aktion.',
    bulkForbidden: 'Du darfst eine oder mehrere dieser Aufgaben nicht ändern; es wurde nichts geändert.',
    bulkNotFound: 'Eine oder mehrere dieser Aufgaben gibt es nicht mehr; es wurde nichts geändert.',
    undoExpired: 'Diese Änderung lässt sich nicht mehr rückgängig machen.',
    undoConflict: 'Diese Aufgaben haben sich seitdem geändert; die Änderung wurde nicht rückgängig gemacht.',
  },
  transfer: {
    feedRotated: 'Deine Kalenderadresse hat sich geändert: Abonniere sie mit der neuen noch einmal.',
    feedNotFound: 'Diese Kalenderadresse wird nicht verwendet: Kopiere die aktuelle aus Baton.',
    importEmpty: 'Die Datei ist leer.',
    importTooLarge: `Die Datei ist zu groß: Importiere höchstens ${Math.round(limits.importBytes / 1_048_576)} MB auf einmal.`,
    importTooManyRows: `Die Datei enthält mehr als ${limits.importRowsMax} Aufgaben: Teil sie auf und importiere jeden Teil.`,
    importUnknownFormat:
      'Diese Datei ist weder ein Todoist-CSV-Export noch ein Trello-Board-JSON-Export noch ein Baton-Export.',
    duplicate: 'Eine Aufgabe mit diesem Titel und Fälligkeitsdatum gibt es schon.',
    noTitle: 'Die Zeile hat keinen Titel.',
    titleTooLong: 'Der Titel ist länger als 200 Zeichen.',
    badDate: 'Das Fälligkeitsdatum ist kein Datum.',
    descriptionTooLong: `Die Beschreibung ist länger als ${limits.descriptionMax} Zeichen.`,
    closedCard: 'Die Karte ist in Trello archiviert.',
    closedList: 'Die Liste der Karte ist in Trello archiviert.',
    unreadable:
      'Die Datei ließ sich nicht lesen: Exportiere sie noch einmal und importiere die Datei so, wie sie gespeichert wurde.',
    imported: (created) => `${aufgaben(created)} importiert.`,
    preview: (created) =>
      `${aufgaben(created)} ${created === 1 ? 'wird' : 'werden'} importiert. Bestätige, um ${created === 1 ? 'sie' : 'sie alle'} zu importieren.`,
  },
  comment: {
    empty: 'Ein Kommentar darf nicht leer sein.',
    tooLong: `Ein Kommentar darf höchstens ${limits.commentMax} Zeichen lang sein.`,
    notYou: 'Du kannst nur als du selbst kommentieren.',
    personal: 'Persönliche Aufgaben haben keine Kommentare.',
    tooFast: (seconds) =>
      `Du kommentierst zu schnell. Bitte warte ${sekunden(seconds)} und versuch es dann noch einmal.`,
    loadFailed: 'Kommentare konnten nicht geladen werden',
    connection: 'Verbindungsfehler',
    network: 'Netzwerkfehler. Bitte versuch es noch einmal.',
    saveFailed: 'Kommentar konnte nicht gespeichert werden',
  },
  file: {
    tooLarge: 'Die Datei ist zu groß. Höchstens 25 MB.',
    empty: 'Die Datei ist leer.',
    uploadFailed: 'Hochladen fehlgeschlagen',
    uploadRetry: 'Die Datei konnte nicht hochgeladen werden. Bitte versuch es noch einmal.',
    notYours: 'Diesen Upload gibt es nicht oder er gehört nicht dir.',
    notStored: 'Die Datei wurde noch nicht hochgeladen.',
    inUse: 'Diese Datei hängt schon woanders an.',
    urlMismatch: 'Die Adresse des Anhangs passt nicht zur hochgeladenen Datei.',
    noAttachment: 'Diese Aufgabe hat keinen Anhang.',
    quotaFull: (used, quota) =>
      `Nicht genug Speicher frei: Deine Dateien belegen ${deSize(used)} von ${deSize(quota)}. Entferne Anhänge, die du nicht mehr brauchst, und versuch es dann noch einmal.`,
    storageUsed: (used, quota) => `${deSize(used)} von ${deSize(quota)} belegt`,
    tooManyUploads: (seconds) =>
      `Du lädst zu viele Dateien auf einmal hoch. Bitte warte ${sekunden(seconds)} und versuch es dann noch einmal.`,
    noBaseFile: 'Dieser Ordner hat keine Basisdatei.',
    previewUnavailable: 'Keine Vorschau verfügbar',
    previewFailed: 'Vorschau der Datei fehlgeschlagen',
    previewInvalid: 'Ungültige Vorschau-Anfrage',
    previewNoSubject: 'Entweder taskId oder folderId muss angegeben sein',
    previewLoadFailed: 'Die Vorschau konnte nicht geladen werden',
    previewUnsupported: 'Keine Vorschau möglich: Dieser Dateityp lässt sich online nicht anzeigen',
    downloadToView: 'Zum Ansehen herunterladen',
    downloadFailed: 'Herunterladen fehlgeschlagen',
    downloadNoUrl: 'Keine Download-Adresse erhalten',
    downloadError: 'Download fehlgeschlagen',
  },
  folder: {
    nameRequired: 'Der Ordnername ist erforderlich.',
    nameTooLong: 'Der Ordnername darf höchstens 50 Zeichen lang sein.',
    labelTooLong: 'Der Anzeigename darf höchstens 60 Zeichen lang sein.',
    palette: 'Wähl eine Farbe aus der Palette.',
    fileTooLarge: 'Die Datei ist zu groß. Höchstens 25 MB.',
    notYourTasks: 'Nur deine eigenen persönlichen Aufgaben können in einen Ordner.',
    notFound: 'Ordner nicht gefunden.',
    createFailed: 'Der Ordner konnte nicht erstellt werden.',
    deleteFailed: 'Der Ordner konnte nicht gelöscht werden. Bitte versuch es noch einmal.',
  },
  preference: {
    unknownEvent: (name) =>
      `Unbekanntes Benachrichtigungsereignis „${name}“. Die Ereignisse sind ${notificationEvents.join(', ')}.`,
    unknownField: (name) => `Unbekanntes Feld „${name}“ in den Benachrichtigungseinstellungen.`,
    badTimezone: 'Wähl eine Zeitzone aus der Liste (einen IANA-Namen wie Europe/Berlin).',
    badLanguage: 'Wähl Englisch (en) oder Deutsch (de).',
    badEmailMode: 'E-Mail muss „immediate“, „digest“ oder „off“ sein.',
    badFrequency: 'Die Häufigkeit der Zusammenfassung muss „off“, „hourly“, „daily“ oder „weekly“ sein.',
    badHour: 'Die Stunde muss eine ganze Zahl von 0 bis 23 sein.',
    badWeekday: 'Der Wochentag muss eine ganze Zahl von 0 (Sonntag) bis 6 (Samstag) sein.',
    badSwitch: 'In der App und Push müssen true oder false sein.',
    saved: 'Benachrichtigungseinstellungen gespeichert.',
    testDigestSent: (email) => `Eine Test-Zusammenfassung ist unterwegs an ${email}.`,
    unsubscribeInvalid: 'Dieser Abmeldelink ist ungültig oder funktioniert nicht mehr.',
    unsubscribed: (what) =>
      `Du bekommst keine E-Mails mehr zu ${what}. Das kannst du jederzeit in den Einstellungen ändern.`,
    badReminder: `Eine Erinnerung liegt Tage vor dem Fälligkeitsdatum (0 bis ${reminderDaysMax}) zu einer Stunde (0 bis 23), oder es gibt keine.`,
    badPushSubscription: 'An dieses Push-Abonnement kann Baton nichts zustellen.',
    pushOn: 'Push-Benachrichtigungen sind für dieses Gerät an.',
    pushOff: 'Push-Benachrichtigungen sind für dieses Gerät aus.',
  },
};

/** The contracts' sentences in `language`: `contractMessages('de').identity.loginRequired`. */
export const contractMessages = (language: Language): ContractSentences =>
  (language === 'de' ? german : english) as ContractSentences;

type Translation = { match: (text: string) => string | null };

/** Arguments of a sentence's function that a sentence may show: text (a name, an e-mail) or a number. */
const textSentinel = '\u0000';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How a sentence the server wrote in English is found again: a fixed sentence by its words; a sentence with
 * text in it (an e-mail, a name) by its words around that text; a sentence with numbers by trying the numbers it
 * shows as the function's argument (seconds are shown as minutes or hours, so those are tried too).
 */
function translationsOf(en: (...args: never[]) => string, de: (...args: never[]) => string): Translation {
  const call = en as (...args: unknown[]) => string;
  const german = de as (...args: unknown[]) => string;
  const arity = en.length;
  const textShape = call(...Array.from({ length: arity }, () => textSentinel));
  const pattern = textShape.includes(textSentinel)
    ? new RegExp(`^${escapeRegExp(textShape).replaceAll(textSentinel, '(.+?)')}$`, 's')
    : null;
  /** A sentence of numbers: each number it shows tried as the argument (a count, seconds, minutes, hours). */
  const byNumber = (text: string) => {
    if (arity !== 1) return null;
    for (const shown of text.match(/\d+/g) ?? []) {
      const n = Number(shown);
      for (const argument of [n, n * 60, n * 3600]) if (call(argument) === text) return german(argument);
    }
    return null;
  };
  return {
    match: (text) => {
      const found = pattern?.exec(text);
      // A count called with text takes the plural branch: "1 task" is found by its number instead.
      return found ? german(...found.slice(1)) : byNumber(text);
    },
  };
}

const fixed = new Map<string, string>();
const shaped: Translation[] = [];
for (const area of Object.keys(english) as (keyof ContractSentences)[]) {
  const en = english[area] as Record<string, unknown>;
  const de = german[area] as Record<string, unknown>;
  for (const [key, sentence] of Object.entries(en)) {
    if (typeof sentence === 'string') fixed.set(sentence, de[key] as string);
    else shaped.push(translationsOf(sentence as () => string, de[key] as () => string));
  }
}

/** Sentences of the platform itself (not the contracts') that reach views the same way, added by the platform. */
export function addServerSentence(englishSentence: string, germanSentence: string) {
  fixed.set(englishSentence, germanSentence);
}

/**
 * A server's (or the contracts') English sentence in `language`: the services answer in English, the views
 * show every sentence they get through this. A sentence Baton does not know (a proxy's, a browser's) stays as it
 * came.
 */
export function localizeSentence(text: string, language: Language): string {
  if (language === 'en') return text;
  const known = fixed.get(text);
  if (known !== undefined) return known;
  for (const translation of shaped) {
    const found = translation.match(text);
    if (found !== null) return found;
  }
  return text;
}
