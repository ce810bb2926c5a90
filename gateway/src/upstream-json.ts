import type { z } from 'zod';
import type { Upstream } from './upstreams';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** GETs `path` of `upstream` with `headers`: its status and its body as JSON (undefined if it is not). */
async function getJson(upstream: Upstream, path: string, headers: Record<string, string>) {
  if (upstream.send === undefined) {
    const res = await upstream(new Request(`http://upstream${path}`, { headers }));
    return { status: res.status, body: parse(await res.text()) };
  }
  const answer = await upstream.send({ method: 'GET', path, headers, pipelined: true });
  return { status: answer.status, body: parse(Buffer.from(await answer.body.arrayBuffer()).toString()) };
}

/**
 * What a socket's handshake asks a service on the person's behalf (their access token): `path`'s answer as
 * `schema` says, or the status to refuse the handshake with (503 when the service fails or cannot be
 * reached: the client tries again later). Over HTTP it goes as plain values and its answer is read as bytes:
 * a Request, Response, web stream and AbortSignal per handshake outlived minor GCs while the handshake waited
 * and filled the old generation (bench/README.md, "The gateway's sockets").
 */
export async function askOnBehalf<T>(
  upstream: Upstream | undefined,
  path: string,
  token: string,
  schema: z.ZodType<T>,
): Promise<T | { status: number }> {
  if (!upstream) return { status: 503 };
  const answer = await getJson(upstream, path, { authorization: `Bearer ${token}` }).catch(() => undefined);
  if (!answer) return { status: 503 };
  if (answer.status < 200 || answer.status > 299)
    return { status: answer.status >= 500 ? 503 : answer.status };
  const parsed = schema.safeParse(answer.body);
  return parsed.success ? parsed.data : { status: 503 };
}
