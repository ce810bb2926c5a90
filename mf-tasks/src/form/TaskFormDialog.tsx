import type { Task } from '@baton/contracts';
import { emailPattern, limits } from '@baton/contracts/constants';
import {
  Button,
  Checkbox,
  Dialog,
  FieldLabel,
  NoticeBanner,
  priorities,
  TextField,
  useNotice,
} from '@baton/ui';
import type { PlatformQueryError, TaskCategory } from '@baton/web-platform';
import { type FormEvent, useId, useState } from 'react';
import { type TaskForm, type TaskWriteResult, useReminderHourQuery, useSaveTaskMutation } from '../api';
import { priorityKey, tt, useTasksT } from '../i18n';
import { addLabel, dueDay, kindOf } from '../rules';
import { AttachmentField } from './AttachmentField';
import { type AttachmentChoice, attachmentPayload } from './attachment';
import { RecipientField } from './RecipientField';
import { ReminderField } from './ReminderField';
import { RepeatField } from './RepeatField';
import { buildRule, noRepeat, parseRule, type RepeatChoice, repeatProblem } from './recurrence';
import { fallbackReminderHour, type ReminderChoice, reminderChoiceOf, reminderPayload } from './reminder';

interface Fields {
  title: string;
  description: string;
  dueDate: string;
  priority: Task['priority'] | '';
  email: string;
  attachment: AttachmentChoice;
  reminder: ReminderChoice;
  overdueNotice: boolean;
  repeat: RepeatChoice;
}

/** The first rule of SPEC §5 "Task form" the fields break, or null. */
export function taskFormProblem(fields: Fields, needsRecipient: boolean): string | null {
  if (!fields.title.trim() || !fields.dueDate || !fields.priority) return tt('formRequired');
  if (needsRecipient && !emailPattern.test(fields.email.trim())) return tt('formRecipient');
  return repeatProblem(fields.repeat, fields.dueDate);
}

/** What to tell the person when the save failed: the server's sentence, a network sentence, or the default. */
function failureOf(error: unknown) {
  const failure = error as Partial<PlatformQueryError>;
  if (failure.status === 'NETWORK_ERROR') return tt('formNetwork');
  return failure.message || tt('formFailed');
}

/** Create a task in this category's kind, or edit one (the recipient cannot change then). */
export function TaskFormDialog({
  category,
  task,
  folderId,
  onClose,
  onSaved,
}: {
  category: TaskCategory;
  task?: Task;
  /** A new personal task is filed in this folder (the folder view's list). */
  folderId?: string;
  onClose: () => void;
  onSaved: (result: TaskWriteResult) => void;
}) {
  const t = useTasksT();
  const kind = kindOf(category);
  const editing = Boolean(task);
  const delegated = kind !== 'personal';
  const needsRecipient = delegated && !editing;
  const [fields, setFields] = useState<Fields>({
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: dueDay(task?.dueDate ?? null),
    priority: task?.priority ?? '',
    email: '',
    attachment: { kind: 'keep' },
    reminder: reminderChoiceOf(task?.reminder),
    overdueNotice: task?.overdueNotice ?? false,
    repeat: parseRule(task?.recurrence, dueDay(task?.dueDate ?? null)),
  });
  // A new reminder starts at the person's digest hour; without it (not loaded, or failed), at 9.
  const { data: defaultHour = fallbackReminderHour } = useReminderHourQuery();
  const { notice, show, clear } = useNotice();
  const [save, { isLoading }] = useSaveTaskMutation();
  const priorityId = useId();
  const descriptionId = useId();
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const fail = (text: string) => show('error', text);
  // Until a repeat is chosen, its weekly and monthly choices start at the due date's weekday and day.
  const setDueDate = (dueDate: string) =>
    setFields((f) => ({
      ...f,
      dueDate,
      ...(f.repeat.frequency === 'none' && !f.repeat.custom ? { repeat: noRepeat(dueDate) } : {}),
    }));
  const uploading = fields.attachment.kind === 'uploading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const problem = taskFormProblem(fields, needsRecipient);
    if (problem) return fail(problem);
    clear();
    const form: TaskForm = {
      title: fields.title.trim(),
      description: fields.description,
      dueDate: fields.dueDate,
      priority: fields.priority as Task['priority'],
      category,
      ...(needsRecipient ? { email: fields.email.trim() } : {}),
      // Only on creation: an edit leaves the task where it is filed.
      ...(folderId && !editing && kind === 'personal' ? { folder_id: folderId } : {}),
      ...attachmentPayload(fields.attachment),
      reminder: reminderPayload(fields.reminder, defaultHour),
      ...(delegated ? { overdueNotice: fields.overdueNotice } : {}),
      recurrence: buildRule(fields.repeat),
    };
    try {
      onSaved(await save({ kind, form, id: task?.id }).unwrap());
      onClose();
    } catch (failure) {
      fail(failureOf(failure));
    }
  }

  const recipient = task ? [...task.assigned_users, ...task.invited_users].join(', ') : '';
  const title = editing ? t('editTask') : addLabel(kind);
  return (
    <Dialog open title={title} onClose={isLoading ? undefined : onClose} className="task-form-dialog">
      <form className="task-form" onSubmit={submit} noValidate>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <TextField
          label={t('title')}
          required
          maxLength={limits.titleMax}
          value={fields.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <div className="b-field">
          <label htmlFor={descriptionId} className="b-field__label">
            {t('description')}
          </label>
          <textarea
            id={descriptionId}
            className="b-input task-textarea"
            rows={4}
            maxLength={limits.descriptionMax}
            value={fields.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </div>
        <div className="task-form__row">
          <TextField
            label={t('dueDate')}
            type="date"
            required
            value={fields.dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <div className="b-field">
            <FieldLabel htmlFor={priorityId} required>
              {t('priority')}
            </FieldLabel>
            <select
              id={priorityId}
              className="b-input task-select"
              required
              value={fields.priority}
              onChange={(event) => set({ priority: event.target.value as Fields['priority'] })}
            >
              <option value="">{t('selectPriority')}</option>
              {priorities.map((p) => (
                <option key={p} value={p}>
                  {t(priorityKey[p])}
                </option>
              ))}
            </select>
          </div>
        </div>
        {needsRecipient ? <RecipientField value={fields.email} onChange={(email) => set({ email })} /> : null}
        <ReminderField
          value={fields.reminder}
          onChange={(reminder) => set({ reminder })}
          defaultHour={defaultHour}
          delegated={delegated}
        />
        <RepeatField value={fields.repeat} onChange={(repeat) => set({ repeat })} />
        {delegated ? (
          <Checkbox
            label={t('overdueNotice')}
            checked={fields.overdueNotice}
            onChange={(event) => set({ overdueNotice: event.target.checked })}
          />
        ) : null}
        <AttachmentField
          current={task?.attachment ?? null}
          value={fields.attachment}
          onChange={(attachment) => set({ attachment })}
        />
        {folderId && !editing && kind === 'personal' ? (
          <p className="task-form__fixed">{t('filedHere')}</p>
        ) : null}
        {editing && recipient ? (
          <p className="task-form__fixed">{t('recipientFixed', { recipient })}</p>
        ) : null}
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={isLoading} onClick={onClose}>
            {t('cancel')}
          </Button>
          {/* Nothing to save until the chosen file is stored. */}
          <Button type="submit" busy={isLoading} disabled={uploading}>
            {isLoading ? t('saving') : editing ? t('saveChanges') : title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
