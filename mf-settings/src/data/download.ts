import { type ApiClient, errorMessage } from '@baton/web-platform';

/**
 * The file name a `Content-Disposition` header gives: the RFC 6266 `filename*` (UTF-8, percent-encoded) when
 * there is one, else the plain `filename`, else `fallback`. Only the last path segment is kept.
 */
export function fileNameOf(header: string | null, fallback: string) {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header)?.slice(1).find(Boolean);
  const base = name?.replace(/\\(.)/g, '$1').trim().split(/[/\\]/).pop();
  return base || fallback;
}

/** Hands `blob` to the browser as a download named `fileName` (an object URL on a link that is clicked once). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the URL once the click is handled; freeing it later spares slower engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches `path` with the session (the request wrapper adds the token and renews it on a 401) and saves the
 * body under the server's file name. Throws the server's sentence, or `failure`, when it answers otherwise.
 */
export async function download(client: ApiClient, path: string, fallbackName: string, failure: string) {
  let response: Response;
  try {
    response = await client.request(path);
  } catch {
    throw new Error(failure);
  }
  if (!response.ok) throw new Error(await errorMessage(response, failure));
  const fileName = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  // A connection lost while the body streams in fails here.
  const blob = await response.blob().catch(() => {
    throw new Error(failure);
  });
  saveBlob(blob, fileName);
  return fileName;
}
