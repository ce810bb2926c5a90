import { mailMessages } from '@baton/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from './db';
import { RateLimiter, type RateLimitRule } from './rate-limit';

const hour = 3_600_000;
export const mailCapRules: Record<'pair' | 'sender', RateLimitRule> = {
  /** One sender to one address. */
  pair: { max: 10, windowMs: hour },
  /** One sender to anyone. */
  sender: { max: 60, windowMs: hour },
};

type Executor = Kysely<KitTables> | Transaction<KitTables>;

/**
 * Caps on the mails people's actions send (invitations, accept links), per sender and address and per
 * sender overall, kept in the service's Postgres so its replicas share them: nobody can turn Baton into a
 * mail cannon aimed at one address, or send without end. Counted per sender, so nobody's mails use up
 * another's. Mails that follow from a capped action (a projection's accept mail after sign-up) are not
 * counted again.
 */
export class MailCaps {
  private readonly pair: RateLimiter;
  private readonly sender: RateLimiter;

  constructor(db: Kysely<KitTables>, enabled: boolean, rules = mailCapRules) {
    this.pair = new RateLimiter(
      db,
      'mail-pair',
      enabled ? rules.pair : null,
      mailMessages.tooManyToRecipient,
    );
    this.sender = new RateLimiter(
      db,
      'mail-from',
      enabled ? rules.sender : null,
      mailMessages.tooManyFromSender,
    );
  }

  /**
   * A mail that is the only way to reach `to` (an address with no account): counted in `trx`, and past a
   * cap refused (429), which rolls the whole action back.
   */
  async consume(trx: Executor, to: string, senderId: string) {
    await this.pair.consume(pairKey(senderId, to), trx);
    await this.sender.consume(senderId, trx);
  }

  /**
   * A mail to someone who also learns of it in the app: counted in `trx`; false past a cap, when the
   * caller sends it later in a digest instead. Never refuses the action.
   */
  async allows(trx: Executor, to: string, senderId: string) {
    return (await this.pair.allows(pairKey(senderId, to), trx)) && (await this.sender.allows(senderId, trx));
  }
}

const pairKey = (senderId: string, to: string) => `${senderId}>${to.trim().toLowerCase()}`;
