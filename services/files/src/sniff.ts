import { fileTypeFromBuffer } from 'file-type';

/** Bytes read from the start of a file to tell its type. */
export const SNIFF_BYTES = 4100;

/** Types shown inline in the preview dialog; everything else is download only. */
const previewable = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
]);
/** Text types kept as declared when the bytes are text without markup. */
const plainTextTypes = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json']);

export const canPreview = (contentType: string) => previewable.has(contentType);

const markup = /^\s*<|<\s*(svg|html|script|iframe|object|embed)\b/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function textOf(head: Uint8Array): string | null {
  if (head.includes(0)) return null;
  // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes and retry.
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      return utf8.decode(head.subarray(0, head.length - cut));
    } catch {}
  }
  return null;
}

/**
 * The type the bytes prove, whatever the browser declared: binary formats by their signature (file-type),
 * text by decoding it. Markup (HTML, SVG, XML) is named for what it is, so it is never served inline; text
 * keeps a declared plain-text type; unknown bytes are application/octet-stream.
 */
export async function sniffContentType(head: Uint8Array, declared: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  const text = textOf(head);
  if (text === null) return 'application/octet-stream';
  if (markup.test(text)) return /<\s*svg\b/i.test(text) ? 'image/svg+xml' : 'text/html';
  const base = declared.split(';')[0]?.trim() ?? '';
  return plainTextTypes.has(base) ? base : 'text/plain';
}
