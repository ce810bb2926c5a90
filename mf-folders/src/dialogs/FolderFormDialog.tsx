import type { Folder } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { Button, Dialog, NoticeBanner, TextField, useNotice } from '@baton/ui';
import { translate, useT } from '@baton/web-platform';
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import {
  type FolderFields,
  failureOf,
  useCreateFolderMutation,
  useUpdateFolderMutation,
} from '../folders/api';
import { book } from '../messages';
import { BaseFileField } from './BaseFileField';
import { type BaseFileChoice, baseFilePayload, defaultLabel } from './baseFile';
import {
  type ColourOption,
  colourLabel,
  initialColour,
  noColour,
  paletteEntry,
  paletteOptions,
} from './palette';

export interface FolderFormFields {
  name: string;
  color: string | null;
  baseFile: BaseFileChoice;
  label: string;
}

const length = (text: string) => [...text].length;

/** The first rule of SPEC §5 "Folder create" / "Folder edit" the fields break, or null. */
export function folderFormProblem(fields: Pick<FolderFormFields, 'name' | 'label'>): string | null {
  const t = translate(book);
  const name = fields.name.trim();
  if (!name) return t('nameRequired');
  if (length(name) > limits.folderName) return t('nameTooLong');
  if (length(fields.label.trim()) > limits.baseFileLabel) return t('labelTooLong');
  return null;
}

/** Whether a display name field belongs in the form: there is (or will be) a base file. */
const hasFile = (choice: BaseFileChoice, current: string | null) =>
  choice.kind === 'uploading' || choice.kind === 'uploaded' || (choice.kind === 'keep' && current !== null);

/**
 * Create a folder (name, colour of the palette, default Blue, an optional base file with its display name),
 * or edit one (the same, plus "No colour", and replacing or removing the base file).
 */
export function FolderFormDialog({
  folder,
  onClose,
  onSaved,
}: {
  folder?: Folder;
  onClose: () => void;
  onSaved?: (folder: Folder) => void;
}) {
  const t = useT(book);
  const editing = folder !== undefined;
  const current = folder?.baseFileKey ? (folder.baseFileLabel ?? '') : null;
  const [fields, setFields] = useState<FolderFormFields>({
    name: folder?.name ?? '',
    color: initialColour(folder),
    baseFile: { kind: 'keep' },
    label: folder?.baseFileLabel ?? '',
  });
  /** Whether the person typed a display name here; until then it follows a newly chosen file's name. */
  const [labelTouched, setLabelTouched] = useState(false);
  const { notice, show, clear } = useNotice();
  const [create, creating] = useCreateFolderMutation();
  const [update, updating] = useUpdateFolderMutation();
  const busy = creating.isLoading || updating.isLoading;
  const uploading = fields.baseFile.kind === 'uploading';
  const set = (patch: Partial<FolderFormFields>) => setFields((f) => ({ ...f, ...patch }));

  const options: ColourOption[] = [
    ...paletteOptions,
    // A colour from before the palette, kept until another is chosen.
    ...(folder?.color && !paletteEntry(folder.color) ? [{ name: folder.color, value: folder.color }] : []),
    ...(editing ? [noColour] : []),
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || busy) return;
    const problem = folderFormProblem(fields);
    if (problem) return show('error', problem);
    clear();
    const body: FolderFields = {
      name: fields.name.trim(),
      color: fields.color,
      ...baseFilePayload(fields.baseFile, fields.label, folder ?? null),
    };
    try {
      const saved = folder
        ? await update({ id: folder.id, patch: body }).unwrap()
        : await create(body).unwrap();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      show('error', failureOf(error, editing ? t('saveFailed') : t('createFailed')));
    }
  }

  const title = editing ? t('editFolder') : t('createFolder');
  return (
    <Dialog open title={title} onClose={busy ? undefined : onClose} className="folder-dialog">
      <form className="folder-form" onSubmit={submit} noValidate>
        <NoticeBanner notice={notice} onDismiss={clear} />
        <TextField
          label={t('nameLabel')}
          required
          maxLength={limits.folderName}
          hint={t('nameHint')}
          value={fields.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <ColourField options={options} value={fields.color} onChange={(color) => set({ color })} />
        <BaseFileField
          current={current}
          value={fields.baseFile}
          onChange={(baseFile) => set({ baseFile })}
          onChosen={(fileName) => {
            if (!labelTouched) set({ label: defaultLabel(fileName) });
          }}
        />
        {hasFile(fields.baseFile, current) ? (
          <TextField
            label={t('displayName')}
            maxLength={limits.baseFileLabel}
            hint={t('displayNameHint')}
            value={fields.label}
            onChange={(event) => {
              setLabelTouched(true);
              set({ label: event.target.value });
            }}
          />
        ) : null}
        <div className="folder-dialog__actions">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('cancel')}
          </Button>
          {/* Nothing to save until the chosen file is stored. */}
          <Button type="submit" busy={busy} disabled={uploading}>
            {busy ? (editing ? t('saving') : t('creating')) : editing ? t('saveChanges') : t('createFolder')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The colour as radio buttons named by colour (SPEC §3 palette), with a swatch beside each name. */
function ColourField({
  options,
  value,
  onChange,
}: {
  options: ColourOption[];
  value: string | null;
  onChange: (color: string | null) => void;
}) {
  const t = useT(book);
  const group = useId();
  return (
    <fieldset className="b-field folder-palette">
      <legend className="b-field__label">{t('colour')}</legend>
      <div className="folder-palette__options">
        {options.map((option) => (
          <label key={option.name} className="folder-palette__option">
            <input
              type="radio"
              name={group}
              className="folder-palette__input"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span
              className={option.value ? 'folder-swatch' : 'folder-swatch folder-swatch--none'}
              style={option.value ? ({ '--folder-color': option.value } as CSSProperties) : undefined}
              aria-hidden="true"
            />
            <span>{colourLabel(option, t)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
