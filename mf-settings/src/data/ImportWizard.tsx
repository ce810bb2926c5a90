import type { ImportReport } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { Banner, Button } from '@baton/ui';
import { failureMessage, type Translate, translate, useLocalize, useT } from '@baton/web-platform';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useImportTasksMutation } from '../api';
import { book } from '../messages';
import { ImportSummary, LeftOut, PreviewTable } from './ImportReport';

/** The file read in step 1, sent again as it was when the person confirms. */
interface ChosenFile {
  fileName: string;
  content: string;
}

type Step =
  | { name: 'choose' }
  | { name: 'preview'; file: ChosenFile; report: ImportReport }
  | { name: 'done'; report: ImportReport };

/** What is wrong with a chosen file before it is sent, or null. */
export function fileProblem(file: File | undefined) {
  const t = translate(book);
  if (!file) return t('importChooseFile');
  if (file.size > limits.importBytes) return t('importTooLarge');
  if (file.size === 0) return t('importEmpty');
  return null;
}

/**
 * Personal tasks from a Todoist CSV, a Trello board JSON or a Baton export, in three steps: choose the file,
 * check the preview the server makes of it, import. Each step's heading takes focus as it appears, and the live
 * region says what the preview and the import found.
 */
export function ImportWizard() {
  const t = useT(book);
  const localize = useLocalize();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [announcement, setAnnouncement] = useState('');
  // Not on the page's first paint (Settings opens at its own heading): only once the person moves a step.
  const [moved, setMoved] = useState(false);

  function go(next: Step, said = '') {
    setMoved(true);
    setAnnouncement(said);
    setStep(next);
  }

  return (
    <div className="settings-data__part settings-import">
      <h3 className="settings-form__title">{t('importTitle')}</h3>
      {step.name === 'choose' ? (
        <ChooseStep
          focus={moved}
          onPreview={(file, report) =>
            go(
              { name: 'preview', file, report },
              previewReady(t, report.created, report.skipped.length + report.refused.length),
            )
          }
        />
      ) : step.name === 'preview' ? (
        <PreviewStep
          focus={moved}
          file={step.file}
          report={step.report}
          onCancel={() => go({ name: 'choose' })}
          onDone={(report) => go({ name: 'done', report }, localize(report.message))}
        />
      ) : (
        <DoneStep focus={moved} report={step.report} onAgain={() => go({ name: 'choose' })} />
      )}
      <p className="b-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** A step's heading; `focus`: it takes focus as it appears (each step mounts its own). */
function StepHeading({ focus, n, children }: { focus: boolean; n: number; children: string }) {
  const t = useT(book);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h4 ref={heading} className="settings-import__step" tabIndex={-1}>
      <span className="settings-import__count">{t('stepOf', { n })}</span> {children}
    </h4>
  );
}

function ChooseStep({
  focus,
  onPreview,
}: {
  focus: boolean;
  onPreview: (file: ChosenFile, report: ImportReport) => void;
}) {
  const t = useT(book);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, { isLoading }] = useImportTasksMutation();
  const busy = reading || isLoading;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.files?.[0];
    setFile(next);
    // Too large or empty is said at once, before anything is sent.
    setFailure(next ? fileProblem(next) : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = fileProblem(file);
    if (problem || !file) return setFailure(problem);
    setFailure(null);
    let content: string;
    setReading(true);
    try {
      content = await file.text();
    } catch {
      return setFailure(t('importUnreadable'));
    } finally {
      setReading(false);
    }
    const chosenFile = { fileName: file.name, content };
    try {
      onPreview(chosenFile, await preview({ ...chosenFile, confirm: false }).unwrap());
    } catch (error) {
      setFailure(failureMessage(error, t('importFailed')));
    }
  }

  return (
    <form className="settings-import__form" onSubmit={submit} noValidate>
      <StepHeading focus={focus} n={1}>
        {t('chooseFile')}
      </StepHeading>
      <div className="b-field">
        <label htmlFor={inputId} className="b-field__label">
          {t('fileToImport')}
        </label>
        <input
          id={inputId}
          type="file"
          name="file"
          className="settings-import__file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby={[hintId, failure && errorId].filter(Boolean).join(' ')}
          aria-invalid={failure ? true : undefined}
          onChange={chosen}
        />
        <p id={hintId} className="b-field__hint">
          {t('importHint')}
        </p>
        {failure ? (
          <p id={errorId} className="b-field__error" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
      <div className="settings-data__actions">
        <Button type="submit" busy={busy}>
          {busy ? t('readingFile') : t('previewImport')}
        </Button>
      </div>
    </form>
  );
}

function PreviewStep({
  focus,
  file,
  report,
  onCancel,
  onDone,
}: {
  focus: boolean;
  file: ChosenFile;
  report: ImportReport;
  onCancel: () => void;
  onDone: (report: ImportReport) => void;
}) {
  const t = useT(book);
  const [importTasks, { isLoading }] = useImportTasksMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setFailure(null);
    try {
      onDone(await importTasks({ ...file, confirm: true }).unwrap());
    } catch (error) {
      setFailure(failureMessage(error, t('importFailed')));
    }
  }

  return (
    <div className="settings-import__body">
      <StepHeading focus={focus} n={2}>
        {t('checkImport')}
      </StepHeading>
      <ImportSummary report={report} fileName={file.fileName} />
      {report.created > 0 ? <PreviewTable report={report} /> : <p>{t('importNothing')}</p>}
      <LeftOut report={report} />
      {failure ? (
        <Banner tone="error" onDismiss={() => setFailure(null)} autoDismissMs={0}>
          {failure}
        </Banner>
      ) : null}
      <div className="settings-data__actions">
        {report.created > 0 ? (
          <Button busy={isLoading} onClick={confirm}>
            {isLoading ? t('importing') : t('importTasks', { count: report.created })}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={isLoading} onClick={onCancel}>
          {report.created > 0 ? t('cancel') : t('chooseAnother')}
        </Button>
      </div>
    </div>
  );
}

function DoneStep({ focus, report, onAgain }: { focus: boolean; report: ImportReport; onAgain: () => void }) {
  const t = useT(book);
  const localize = useLocalize();
  return (
    <div className="settings-import__body">
      <StepHeading focus={focus} n={3}>
        {t('importFinished')}
      </StepHeading>
      <p className="settings-import__message">{localize(report.message)}</p>
      <ImportSummary report={report} />
      <LeftOut report={report} />
      <div className="settings-data__actions">
        <Button variant="secondary" onClick={onAgain}>
          {t('importAnother')}
        </Button>
      </div>
    </div>
  );
}

/** What the live region says once the preview is there: "3 tasks will be created, 1 row left out." */
function previewReady(t: Translate<(typeof book)['en']>, created: number, leftOut: number) {
  const tasks = t('tasks', { count: created });
  return leftOut
    ? t('importPreviewReadyLeftOut', { tasks, rows: t('rows', { count: leftOut }) })
    : t('importPreviewReady', { tasks });
}
