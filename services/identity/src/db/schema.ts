import type { Generated } from 'kysely';

export interface IdentityTables {
  users: {
    id: Generated<string>;
    email: string;
    first_name: string;
    last_name: string;
    password_hash: string;
    notification_sound_enabled: Generated<boolean>;
    created_at: Generated<Date>;
    password_changed_at: Generated<Date>;
    /** When the person followed the mailed link (or a reset link); null until then. */
    email_verified_at: Date | null;
  };
  /** The one working confirmation link of an unconfirmed account (stored hashed; used once). */
  email_verifications: {
    user_id: string;
    token_hash: string;
    expires_at: Date;
  };
  /** A refresh-token family: one signed-in device. Its id is the `sid` claim of access tokens. */
  sessions: {
    id: Generated<string>;
    user_id: string;
    created_at: Generated<Date>;
    revoked_at: Date | null;
    revoked_reason: string | null;
  };
  refresh_tokens: {
    token_hash: string;
    session_id: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    /** `jti` and `iat` of the access token issued when this token was rotated. */
    successor_jti: string | null;
    successor_iat: string | null;
  };
  /** Sessions ended within the last hour, kept past account deletion (see migrations). */
  session_revocations: {
    session_id: string;
    user_id: string;
    revoked_at: Generated<Date>;
  };
  password_resets: {
    id: Generated<string>;
    user_id: string;
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
  trusted_users: {
    id: Generated<string>;
    owner_id: string;
    trusted_id: string;
    created_at: Generated<Date>;
  };
  /** Trust given to an e-mail without an account; becomes a trusted_users row when that person signs up. */
  trust_invitations: {
    owner_id: string;
    email: string;
    invited_at: Generated<Date>;
  };
  /** Failed sign-ins of one account from one address: each failure past the third doubles the wait. */
  login_failures: {
    email: string;
    address: string;
    failures: number;
    blocked_until: Date;
    updated_at: Generated<Date>;
  };
  /** Addresses an account signed in from: they pass the account's own limit (someone else's guessing). */
  login_addresses: {
    user_id: string;
    address: string;
    last_success_at: Generated<Date>;
  };
  signing_keys: {
    kid: string;
    private_jwk: unknown;
    public_jwk: unknown;
    created_at: Generated<Date>;
  };
}
