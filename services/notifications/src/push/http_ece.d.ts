// http_ece (RFC 8188 encrypted content encoding) ships no types; the tests use its decrypt only.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair. */
    privateKey?: ECDH;
    /** The subscription's auth secret (a Buffer, or base64url). */
    authSecret?: Buffer | string;
  }
  const ece: { decrypt(body: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
