import { mailMessages } from '@baton/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from './db';
import { RateLimiter, type RateLimitRule } from './rate-limit';

const hour = 3_600_000;
export const mailCapRules: Record<'recipient' | 'sender', RateLimitRule> = {
  recipient: { max: 10, windowMs: hour },
  sender: { max: 60, windowMs: hour },
};

/**
 * Caps on the mails people's actions send (invitations, accept links), per recipient and per sender, kept
 * in the service's Postgres so its replicas share them: nobody can turn Baton into a mail cannon aimed at
 * one address, or send without end. Mails that follow from a capped action (a projection's accept mail
 * after sign-up) are not counted again.
 */
export class MailCaps {
  private readonly recipient: RateLimiter;
  private readonly sender: RateLimiter;

  constructor(db: Kysely<KitTables>, enabled: boolean, rules = mailCapRules) {
    this.recipient = new RateLimiter(
      db,
      'mail-to',
      enabled ? rules.recipient : null,
      mailMessages.tooManyToRecipient,
    );
    this.sender = new RateLimiter(
      db,
      'mail-from',
      enabled ? rules.sender : null,
      mailMessages.tooManyFromSender,
    );
  }

  /** Counts one mail from `senderId` to `to` in `trx`: a refusal (429) rolls the whole action back. */
  async consume(trx: Kysely<KitTables> | Transaction<KitTables>, to: string, senderId: string) {
    await this.recipient.consume(to.trim().toLowerCase(), trx);
    await this.sender.consume(senderId, trx);
  }
}
