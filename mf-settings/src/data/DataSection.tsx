import { useT } from '@baton/web-platform';
import { book } from '../messages';
import { Section } from '../Section';
import { CalendarFeed } from './CalendarFeed';
import { ExportPanel } from './ExportPanel';
import { ImportWizard } from './ImportWizard';

/** Tasks out (export files, the calendar feed) and in (imports from Todoist, Trello or Baton). */
export function DataSection() {
  const t = useT(book);
  return (
    <Section title={t('dataTitle')} intro={t('dataIntro')}>
      <ExportPanel />
      <ImportWizard />
      <CalendarFeed />
    </Section>
  );
}
