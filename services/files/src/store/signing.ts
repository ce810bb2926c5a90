import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a local-store URL grants: one method on one key, until `exp`, within its limits. */
export interface Grant {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  exp: number;
  /** PUT: the content type the upload must declare. GET: the type the answer carries. */
  type: string;
  /** PUT: the most bytes accepted. */
  max?: number;
  /** GET: inline or attachment, and the name to save as. */
  disposition?: string;
  name?: string;
}

const fields = ['exp', 'type', 'max', 'disposition', 'name'] as const;

const signatureOf = (secret: Buffer, grant: Grant) =>
  createHmac('sha256', secret)
    .update([grant.method, grant.key, ...fields.map((f) => String(grant[f] ?? ''))].join('\n'))
    .digest('base64url');

/** The query string of a signed URL for `grant`. */
export function signGrant(secret: Buffer, grant: Grant) {
  const query = new URLSearchParams();
  for (const field of fields) if (grant[field] !== undefined) query.set(field, String(grant[field]));
  query.set('sig', signatureOf(secret, grant));
  return query.toString();
}

/**
 * The grant of a signed URL's query for `method` on `key`, or the reason it grants nothing: a signature
 * made for another key, method or limit, a changed parameter, or an expired time all fail the same way.
 */
export function verifyGrant(
  secret: Buffer,
  method: Grant['method'],
  key: string,
  query: URLSearchParams,
  nowSeconds: number,
): Grant | 'invalid' | 'expired' {
  const grant: Grant = {
    method,
    key,
    exp: Number(query.get('exp')),
    type: query.get('type') ?? '',
    max: query.has('max') ? Number(query.get('max')) : undefined,
    disposition: query.get('disposition') ?? undefined,
    name: query.get('name') ?? undefined,
  };
  const given = Buffer.from(query.get('sig') ?? '', 'base64url');
  const expected = Buffer.from(signatureOf(secret, grant), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (!Number.isFinite(grant.exp) || grant.exp < nowSeconds) return 'expired';
  return grant;
}
