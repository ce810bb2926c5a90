/**
 * A stand-in for XMLHttpRequest that a test drives, for upload progress between 0 and 100: msw reports an
 * upload's progress only once, when the whole body is read. Install it with `useFakeUploads()`.
 */
export class FakeUpload {
  static readonly all: FakeUpload[] = [];
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeUpload.all.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** `loaded` of `total` bytes have gone out. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The storage answered with `status`. */
  respond(status: number) {
    this.status = status;
    this.onload?.();
  }

  static latest() {
    const upload = FakeUpload.all.at(-1);
    if (!upload) throw new Error('no upload was sent');
    return upload;
  }
}

/** Replaces XMLHttpRequest with FakeUpload until the returned function is called. */
export function useFakeUploads() {
  // msw's interceptor defines XMLHttpRequest read-only (but configurable): redefine it, then put it back.
  const original = Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest');
  FakeUpload.all.length = 0;
  Object.defineProperty(globalThis, 'XMLHttpRequest', {
    value: FakeUpload,
    configurable: true,
    writable: true,
  });
  return () => {
    if (original) Object.defineProperty(globalThis, 'XMLHttpRequest', original);
  };
}
