import { defineMessages } from '@baton/web-platform';

/** The public pages' frame and the landing page (English word for word). */
export const landingBook = defineMessages('landing', {
  en: {
    skip: 'Skip to main content',
    account: 'Account',
    login: 'Login',
    signUp: 'Sign up',
    legal: 'Legal',
    privacy: 'Privacy',
    terms: 'Terms',
    contact: 'Contact',
    documentTitle: 'Baton · Mission control for productivity',
    banner: 'New: Workspaces & Timelines',
    heroTitle: 'Mission control for your productivity',
    heroText:
      'Baton keeps your personal tasks, the work you delegate and the work you receive in one place, so every task has an owner, a deadline and a visible path to done.',
    getStarted: 'Get Started',
    highlights: 'Highlights',
    noCard: 'No credit card',
    setup: 'Setup in minutes',
    features: 'Features',
    featuresLead: 'Plan your own work, pass tasks on and stay in the loop.',
    personalTitle: 'Personal tasks',
    personalText:
      'Capture everything on your plate with priorities, due dates and attachments, then sort by what matters now.',
    delegateTitle: 'Delegate by assignment or invitation',
    delegateText:
      'Hand work to a teammate directly, or invite anyone by e-mail. They accept with one link and the task is theirs.',
    realtimeTitle: 'Real-time notifications',
    realtimeText:
      'Know the moment a task is accepted, updated or completed, with an inbox grouped by day and an optional sound.',
    detailsTitle: 'Built for teams that ship',
    detailsLead: 'The details that keep delegated work moving, from the first brief to the last comment.',
    foldersTitle: 'Coloured folders with base files',
    foldersText:
      'Group personal tasks into colour-coded folders and pin a base file, such as a brief or a spec, that everyone in the folder can preview or download. Drag tasks onto a folder to file them.',
    commentsTitle: 'Live comments',
    commentsText:
      'Discuss a delegated task right where the work lives. Comments appear instantly for everyone involved, with no refresh and no long e-mail threads.',
    progressTitle: 'Progress tracking with notes',
    progressText:
      'Move a progress slider in steps of 5% and add a short note explaining what changed. The full history shows who moved the work forward, and when.',
    trustedTitle: 'Trusted senders',
    trustedText:
      'Mark the people you work with every day as trusted. Their future assignments and invitations reach you without an e-mail each time.',
    ctaTitle: 'Ready to take control of your work?',
    ctaLead: 'Create a free account and send your first task in minutes.',
    createAccount: 'Create your account',
  },
  de: {
    skip: 'Zum Hauptinhalt springen',
    account: 'Konto',
    login: 'Anmelden',
    signUp: 'Registrieren',
    legal: 'Rechtliches',
    privacy: 'Datenschutz',
    terms: 'Nutzungsbedingungen',
    contact: 'Kontakt',
    documentTitle: 'Baton · Die Schaltzentrale für deine Produktivität',
    banner: 'Neu: Arbeitsbereiche & Zeitleisten',
    heroTitle: 'Die Schaltzentrale für deine Produktivität',
    heroText:
      'Baton hält deine persönlichen Aufgaben, die Arbeit, die du delegierst, und die Arbeit, die du bekommst, an einem Ort, damit jede Aufgabe eine Verantwortliche, eine Frist und einen sichtbaren Weg bis zum Ziel hat.',
    getStarted: 'Jetzt starten',
    highlights: 'Auf einen Blick',
    noCard: 'Keine Kreditkarte',
    setup: 'In Minuten eingerichtet',
    features: 'Funktionen',
    featuresLead: 'Plan deine eigene Arbeit, gib Aufgaben weiter und bleib auf dem Laufenden.',
    personalTitle: 'Persönliche Aufgaben',
    personalText:
      'Halte alles fest, was ansteht, mit Prioritäten, Fälligkeitsdaten und Anhängen, und sortier dann nach dem, was jetzt zählt.',
    delegateTitle: 'Delegieren per Zuweisung oder Einladung',
    delegateText:
      'Gib Arbeit direkt an jemanden aus dem Team weiter oder lade irgendwen per E-Mail ein. Ein Klick auf den Link, und die Aufgabe gehört ihnen.',
    realtimeTitle: 'Benachrichtigungen in Echtzeit',
    realtimeText:
      'Erfahr sofort, wenn eine Aufgabe angenommen, geändert oder erledigt wird, mit einem nach Tagen geordneten Posteingang und einem Ton, wenn du willst.',
    detailsTitle: 'Für Teams, die liefern',
    detailsLead:
      'Die Details, die delegierte Arbeit in Bewegung halten, vom ersten Briefing bis zum letzten Kommentar.',
    foldersTitle: 'Farbige Ordner mit Basisdateien',
    foldersText:
      'Gruppier persönliche Aufgaben in farbigen Ordnern und heft eine Basisdatei an, etwa ein Briefing oder eine Spezifikation, die sich alle im Ordner ansehen oder herunterladen können. Zieh Aufgaben auf einen Ordner, um sie abzulegen.',
    commentsTitle: 'Live-Kommentare',
    commentsText:
      'Besprich eine delegierte Aufgabe genau dort, wo die Arbeit liegt. Kommentare erscheinen sofort bei allen Beteiligten, ohne Neuladen und ohne lange E-Mail-Verläufe.',
    progressTitle: 'Fortschritt mit Notizen verfolgen',
    progressText:
      'Schieb den Fortschrittsregler in 5-%-Schritten und schreib kurz dazu, was sich geändert hat. Der ganze Verlauf zeigt, wer die Arbeit wann vorangebracht hat.',
    trustedTitle: 'Vertraute Absender',
    trustedText:
      'Markier die Leute, mit denen du jeden Tag arbeitest, als vertraut. Ihre künftigen Zuweisungen und Einladungen erreichen dich, ohne jedes Mal eine E-Mail.',
    ctaTitle: 'Bereit, deine Arbeit in die Hand zu nehmen?',
    ctaLead: 'Erstell ein kostenloses Konto und verschick deine erste Aufgabe in wenigen Minuten.',
    createAccount: 'Konto erstellen',
  },
});
