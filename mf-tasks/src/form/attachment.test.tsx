import type { Task } from '@baton/contracts';
import { FakeUpload, gate, renderWithPlatform, useFakeUploads } from '@baton/web-platform/testing';
import { mockServer, storageOrigin, uploadHandlers } from '@baton/web-platform/testing/msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import TaskList from '../list/TaskList';
import { chooseCardAction, listHandlers, taskOf } from '../testing';

const server = mockServer();

const pdf = (name = 'plan-v2.pdf') => new File(['%PDF-1.7 plan'], name, { type: 'application/pdf' });
const brief = { name: 'brief.pdf', contentType: 'application/pdf', size: 1_258_291 };

/** The task form of the list of `task` (or a new personal task), with uploads and saves recorded. */
async function openForm(task?: Task, uploads: Parameters<typeof uploadHandlers>[0] = {}) {
  const saved: Record<string, unknown>[] = [];
  const upload = uploadHandlers(uploads);
  server.use(
    ...listHandlers(() => (task ? [task] : [])),
    ...upload.handlers,
    http.post('/create_list', async ({ request }) => {
      saved.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: 'x', task_id: 'x', message: 'ok', error: null, invitation_sent: false });
    }),
  );
  const view = renderWithPlatform(<TaskList category="Personal Tasks" />);
  if (task) {
    const card = await screen.findByRole('article', { name: task.title });
    await chooseCardAction(view.user, card, 'Edit');
  } else {
    await screen.findByText('No tasks here yet');
    await view.user.click(screen.getAllByRole('button', { name: 'Add Tasks' })[0] as HTMLElement);
  }
  const dialog = screen.getByRole('dialog', { name: task ? 'Edit task' : 'Add Tasks' });
  // The form has one file; its states are read from the whole dialog, as a person would.
  const field = dialog;
  const save = () => within(dialog).getByRole('button', { name: task ? 'Save changes' : 'Add Tasks' });
  return { ...view, dialog, field, saved, calls: upload.calls, save };
}

type Form = Awaited<ReturnType<typeof openForm>>;

async function choose({ user, dialog }: Form, file: File) {
  await user.upload(within(dialog).getByLabelText('Attachment'), file);
}

async function fillNewTask({ user, dialog }: Form) {
  await user.type(within(dialog).getByLabelText('Title'), 'Offsite');
  fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-12' } });
  await user.selectOptions(within(dialog).getByLabelText('Priority'), 'Moderate');
}

async function saveAndWait(form: Form) {
  await form.user.click(form.save());
  await waitFor(() => expect(form.saved).toHaveLength(1));
  return form.saved[0] as Record<string, unknown>;
}

describe('a new file on a new task (SPEC §4 "new")', () => {
  it('uploads as soon as it is chosen, shows progress, holds Save until stored, then sends key and url', async () => {
    const stored = gate();
    const form = await openForm(undefined, {
      put: async () => {
        await stored.opened;
        return new HttpResponse(null, { status: 200 });
      },
    });
    const input = within(form.dialog).getByLabelText('Attachment');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toBeVisible();
    await fillNewTask(form);
    await choose(form, pdf());

    const bar = await within(form.field).findByRole('progressbar', { name: 'Uploading plan-v2.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(form.field).getByText('Uploading… 0%')).toBeInTheDocument();
    expect(form.save()).toBeDisabled();
    await waitFor(() => expect(form.calls.put).toHaveLength(1));
    expect(form.calls.presign).toEqual([
      { filename: 'plan-v2.pdf', contentType: 'application/pdf', size: 13 },
    ]);

    stored.open();
    expect(await within(form.field).findByText('Uploaded')).toBeInTheDocument();
    expect(within(form.field).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(form.field).getByText('plan-v2.pdf')).toBeInTheDocument();
    expect(form.save()).toBeEnabled();

    expect(await saveAndWait(form)).toMatchObject({
      title: 'Offsite',
      attachmentKey: 'upload-1',
      attachmentUrl: `${storageOrigin}/objects/upload-1`,
    });
  });

  it('shows the percent as the bytes go out', async () => {
    const restore = useFakeUploads();
    try {
      const form = await openForm();
      await choose(form, pdf());
      await waitFor(() => FakeUpload.latest());
      FakeUpload.latest().progress(42, 100);
      const bar = await within(form.field).findByRole('progressbar');
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
      expect(within(form.field).getByText('Uploading… 42%')).toBeInTheDocument();
      FakeUpload.latest().respond(200);
      expect(await within(form.field).findByText('Uploaded')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('Remove drops the new file: the input comes back and the save carries no attachment', async () => {
    const form = await openForm();
    await fillNewTask(form);
    await choose(form, pdf());
    await within(form.field).findByText('Uploaded');
    await form.user.click(within(form.field).getByRole('button', { name: 'Remove' }));
    expect(within(form.field).queryByText('plan-v2.pdf')).not.toBeInTheDocument();
    expect(within(form.dialog).getByLabelText('Attachment')).toBeVisible();
    const body = await saveAndWait(form);
    expect(body).not.toHaveProperty('attachmentKey');
    expect(body).not.toHaveProperty('attachmentUrl');
  });

  it('Remove during the upload stops it', async () => {
    const stored = gate();
    const form = await openForm(undefined, {
      put: async () => {
        await stored.opened;
        return new HttpResponse(null, { status: 200 });
      },
    });
    await choose(form, pdf());
    await within(form.field).findByRole('progressbar');
    await form.user.click(within(form.field).getByRole('button', { name: 'Remove' }));
    stored.open();
    expect(within(form.field).queryByRole('progressbar')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(form.field).queryByText('Uploaded')).not.toBeInTheDocument();
    expect(within(form.dialog).getByLabelText('Attachment')).toBeVisible();
  });
});

describe('upload failures', () => {
  it('refuses a file over 25 MB without a request; another file can be chosen', async () => {
    const form = await openForm();
    const big = pdf('film.mov');
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    await choose(form, big);
    expect(await within(form.field).findByRole('alert')).toHaveTextContent('File is too large. Max 25 MB.');
    expect(form.calls.presign).toHaveLength(0);
    expect(within(form.dialog).getByLabelText('Attachment')).toBeVisible();

    await choose(form, pdf());
    expect(await within(form.field).findByText('Uploaded')).toBeInTheDocument();
    expect(within(form.field).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Failed to upload file. Please try again." when the storage refuses the bytes', async () => {
    const form = await openForm(undefined, { put: () => new HttpResponse(null, { status: 500 }) });
    await fillNewTask(form);
    await choose(form, pdf());
    expect(await within(form.field).findByRole('alert')).toHaveTextContent(
      'Failed to upload file. Please try again.',
    );
    expect(form.save()).toBeEnabled();
    const body = await saveAndWait(form);
    expect(body).not.toHaveProperty('attachmentKey');
  });

  it("shows the presign call's own message", async () => {
    const form = await openForm(undefined, {
      presign: () =>
        HttpResponse.json({ error: 'The file is empty.', message: 'The file is empty.' }, { status: 400 }),
    });
    await choose(form, pdf());
    expect(await within(form.field).findByRole('alert')).toHaveTextContent('The file is empty.');
    expect(form.calls.put).toHaveLength(0);
  });

  it("shows the server's refusal of the key in the form banner", async () => {
    const form = await openForm();
    server.use(
      http.post('/create_list', () =>
        HttpResponse.json(
          {
            error: 'This upload does not exist or is not yours.',
            message: 'This upload does not exist or is not yours.',
          },
          { status: 400 },
        ),
      ),
    );
    await fillNewTask(form);
    await choose(form, pdf());
    await within(form.field).findByText('Uploaded');
    await form.user.click(form.save());
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      'This upload does not exist or is not yours.',
    );
  });
});

describe('an existing file (SPEC §4 "existing", "replaced", "marked for removal")', () => {
  const withFile = () =>
    taskOf({ title: 'Brief', attachmentKey: 'k0', attachmentUrl: 'https://s/k0', attachment: brief });

  it('shows name and size with Replace and Remove; an untouched file is left out of the save', async () => {
    const form = await openForm(withFile());
    expect(within(form.field).getByText('brief.pdf')).toBeInTheDocument();
    expect(within(form.field).getByText('1.2 MB')).toBeInTheDocument();
    const input = within(form.dialog).getByLabelText('Attachment');
    expect(input).not.toBeVisible();
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await form.user.click(within(form.field).getByRole('button', { name: 'Replace' }));
    expect(opened).toHaveBeenCalledOnce();
    expect(within(form.field).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    const body = await saveAndWait(form);
    expect(body).not.toHaveProperty('attachmentKey');
    expect(body).not.toHaveProperty('attachmentUrl');
  });

  it('Replace uploads the new file; Undo goes back to the existing one and nothing changes on save', async () => {
    const form = await openForm(withFile());
    await choose(form, pdf());
    expect(
      await within(form.field).findByText('Uploaded, replaces brief.pdf when you save'),
    ).toBeInTheDocument();
    expect(within(form.field).getByText('plan-v2.pdf')).toBeInTheDocument();
    await form.user.click(within(form.field).getByRole('button', { name: 'Undo' }));
    expect(within(form.field).getByText('brief.pdf')).toBeInTheDocument();
    expect(within(form.field).queryByText('plan-v2.pdf')).not.toBeInTheDocument();
    expect(within(form.field).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    const body = await saveAndWait(form);
    expect(body).not.toHaveProperty('attachmentKey');
  });

  it('a replacing file is saved with its key and url', async () => {
    const form = await openForm(withFile());
    await choose(form, pdf());
    await within(form.field).findByText(/^Uploaded/);
    expect(await saveAndWait(form)).toMatchObject({
      id: expect.any(String),
      attachmentKey: 'upload-1',
      attachmentUrl: `${storageOrigin}/objects/upload-1`,
    });
  });

  it('Remove marks the file (with Undo); saving then clears key and url', async () => {
    const form = await openForm(withFile());
    await form.user.click(within(form.field).getByRole('button', { name: 'Remove' }));
    expect(within(form.field).getByText(/will be removed when you save\./)).toHaveTextContent(
      'brief.pdf will be removed when you save.',
    );
    await form.user.click(within(form.field).getByRole('button', { name: 'Undo' }));
    expect(within(form.field).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    await form.user.click(within(form.field).getByRole('button', { name: 'Remove' }));
    expect(await saveAndWait(form)).toMatchObject({ attachmentKey: null, attachmentUrl: null });
  });

  it('a failed replacement keeps the existing file', async () => {
    const form = await openForm(withFile(), { put: () => HttpResponse.error() });
    await choose(form, pdf());
    expect(await within(form.field).findByRole('alert')).toHaveTextContent(
      'Failed to upload file. Please try again.',
    );
    expect(within(form.field).getByText('brief.pdf')).toBeInTheDocument();
    expect(within(form.field).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
  });
});
