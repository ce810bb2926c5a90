/**
 * Calls of the signed-out pages. They go around the request wrapper on purpose: a stale token left in
 * storage must not be sent with a login, and a 401 here means "wrong password", not "refresh".
 */
export async function postPublic(path: string, body: unknown) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const error = typeof json.error === 'string' && json.error ? json.error : null;
  return { ok: response.ok && !error, status: response.status, body: json, error };
}

export const networkFailure = 'Something went wrong. Please try again later.';
