import { fileMessages } from '@baton/contracts/constants';
import { useEffect, useEffectEvent, useState } from 'react';
import { Banner } from './Banner';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { formatFileSize } from './fileSize';
import { useUiText } from './text';

/** The request wrapper of the platform (bearer token, 401 rule); GET only here. */
export type PreviewRequest = (path: string) => Promise<Response>;

/** Whose file: a task's attachment or a folder's base file. */
export interface FileSubject {
  taskId?: string;
  folderId?: string;
}

/** The preview and download routes of SPEC §7 Files for `subject`; null without one. */
export function filePaths({ taskId, folderId }: FileSubject) {
  if (taskId) {
    const id = encodeURIComponent(taskId);
    return { preview: `/api/preview/${id}/`, download: `/api/download/presign/${id}/` };
  }
  if (folderId) {
    const id = encodeURIComponent(folderId);
    return {
      preview: `/api/folders/${id}/preview-basefile/`,
      download: `/api/folders/${id}/download-basefile/`,
    };
  }
  return null;
}

/** A file as the preview route describes it (SPEC §3 "File preview"). */
interface PreviewFile {
  name: string;
  contentType: string;
  size: number | null;
  url: string;
  canPreview: boolean;
}

type PreviewState =
  | { status: 'loading' }
  | { status: 'failed'; reason: string; detail?: string }
  | { status: 'ready'; file: PreviewFile };

const failed = (reason: string, detail?: string): PreviewState => ({ status: 'failed', reason, detail });

/** The server's sentence of an error answer, if it gave one. */
async function serverMessage(response: Response) {
  const body = (await response.json().catch(() => null)) as { message?: unknown; error?: unknown } | null;
  const text = body?.message ?? body?.error;
  return typeof text === 'string' && text ? text : undefined;
}

/** The payload as a file, or null when it lacks what a preview needs (url, content_type, filename or name). */
function previewFileOf(body: unknown): PreviewFile | null {
  if (!body || typeof body !== 'object') return null;
  const { url, content_type, filename, name, size, can_preview } = body as Record<string, unknown>;
  const shownName = typeof filename === 'string' && filename ? filename : name;
  if (typeof url !== 'string' || !url || typeof content_type !== 'string' || typeof shownName !== 'string')
    return null;
  return {
    name: shownName,
    contentType: content_type.toLowerCase(),
    size: typeof size === 'number' ? size : null,
    url,
    canPreview: can_preview === true,
  };
}

/** Asks the preview route; every failure becomes the reason SPEC §8 gives for it. */
async function loadPreview(request: PreviewRequest, path: string): Promise<PreviewState> {
  let response: Response;
  try {
    response = await request(path);
  } catch {
    return failed(fileMessages.previewLoadFailed);
  }
  if (!response.ok) return failed(fileMessages.previewFailed, await serverMessage(response));
  const file = previewFileOf(await response.json().catch(() => null));
  return file ? { status: 'ready', file } : failed(fileMessages.previewInvalid);
}

/** Asks the download route for a URL; the alert sentence of SPEC §8 when there is none. */
async function downloadUrl(
  request: PreviewRequest,
  path: string,
): Promise<{ url: string } | { failure: string }> {
  try {
    const response = await request(path);
    if (!response.ok) return { failure: fileMessages.downloadFailed };
    const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
    return typeof body?.url === 'string' && body.url
      ? { url: body.url }
      : { failure: fileMessages.downloadNoUrl };
  } catch {
    return { failure: fileMessages.downloadError };
  }
}

export interface FilePreviewDialogProps extends FileSubject {
  request: PreviewRequest;
  onClose: () => void;
  /** Names the dialog; defaults to "File preview". */
  title?: string;
}

/**
 * The file preview dialog (SPEC §2 Dialogs, §8 Preview): images, PDFs and text shown inline from the
 * short-lived URL, other types offered for download; Download opens the file in a new tab. Render it only
 * while open: it asks for the preview when it mounts.
 */
export function FilePreviewDialog({ request, taskId, folderId, onClose, title }: FilePreviewDialogProps) {
  const { t, sentence, language } = useUiText();
  const paths = filePaths({ taskId, folderId });
  const [state, setState] = useState<PreviewState>(() =>
    paths ? { status: 'loading' } : failed(fileMessages.previewNoSubject),
  );
  const [downloading, setDownloading] = useState(false);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const preview = paths?.preview;
  const fetchPreview = useEffectEvent((path: string) => loadPreview(request, path));

  useEffect(() => {
    if (!preview) return;
    let current = true;
    setState({ status: 'loading' });
    fetchPreview(preview).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [preview]);

  async function download() {
    if (!paths) return;
    setDownloadFailure(null);
    setDownloading(true);
    const outcome = await downloadUrl(request, paths.download);
    setDownloading(false);
    if ('url' in outcome) window.open(outcome.url, '_blank', 'noopener');
    else setDownloadFailure(outcome.failure);
  }

  const file = state.status === 'ready' ? state.file : null;
  return (
    <Dialog open title={title ?? t('filePreview')} onClose={onClose} className="b-file-preview">
      <div className="b-file-preview__content" aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? <p className="b-file-preview__state">{t('loadingPreview')}</p> : null}
        {state.status === 'failed' ? (
          <div className="b-file-preview__problem">
            <h3 className="b-file-preview__heading">{sentence(fileMessages.previewUnavailable)}</h3>
            <p>{sentence(state.reason)}</p>
            {state.detail ? <p className="b-file-preview__detail">{sentence(state.detail)}</p> : null}
          </div>
        ) : null}
        {file ? (
          <>
            <p className="b-file-preview__meta">
              <span className="b-file-preview__name">{file.name}</span>
              {file.size === null ? null : <span> · {formatFileSize(file.size, language)}</span>}
            </p>
            {file.canPreview ? (
              <InlineFile file={file} onError={() => setState(failed(fileMessages.previewLoadFailed))} />
            ) : (
              <p className="b-file-preview__unsupported">{sentence(fileMessages.previewUnsupported)}</p>
            )}
          </>
        ) : null}
      </div>
      {downloadFailure ? (
        <Banner tone="error" onDismiss={() => setDownloadFailure(null)}>
          {sentence(downloadFailure)}
        </Banner>
      ) : null}
      <div className="b-file-preview__actions">
        {paths ? (
          <Button
            variant={file && !file.canPreview ? 'primary' : 'secondary'}
            busy={downloading}
            onClick={download}
          >
            {file && !file.canPreview ? sentence(fileMessages.downloadToView) : t('download')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Images as <img>; PDFs and text in a frame, which loads across origins (S3) without CORS. Text frames are
 * sandboxed: the file is someone's upload. Chromium's PDF viewer does not run sandboxed.
 */
function InlineFile({ file, onError }: { file: PreviewFile; onError: () => void }) {
  if (file.contentType.startsWith('image/'))
    return <img className="b-file-preview__image" src={file.url} alt={file.name} onError={onError} />;
  const pdf = file.contentType.startsWith('application/pdf');
  return (
    <iframe
      className="b-file-preview__frame"
      src={file.url}
      title={file.name}
      referrerPolicy="no-referrer"
      sandbox={pdf ? undefined : ''}
      onError={onError}
    />
  );
}
