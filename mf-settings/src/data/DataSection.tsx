import { Section } from '../Section';
import { CalendarFeed } from './CalendarFeed';
import { ExportPanel } from './ExportPanel';
import { ImportWizard } from './ImportWizard';

/** Tasks out (export files, the calendar feed) and in (imports from Todoist, Trello or Baton). */
export function DataSection() {
  return (
    <Section
      title="Your data"
      intro="Take your tasks elsewhere, bring tasks from other apps, or see them in your calendar."
    >
      <ExportPanel />
      <ImportWizard />
      <CalendarFeed />
    </Section>
  );
}
