/**
 * Email verification and password reset (issue 27 item 4). Links carry 32 random bytes; only their
 * SHA-256 is stored. A reset link works once, for an hour, and using it ends every session of the
 * account; a verification link works once, for seven days. "Forgot password?" answers the same words
 * whether or not an account uses the address, and each address (or account) is sent at most
 * ACCOUNT_EMAIL_LIMITS.linksPerHour links an hour whoever asks, so the form cannot flood an inbox;
 * past that the answer is still the same and no email goes out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_EMAIL_LIMITS, ACCOUNT_EMAIL_TEXTS, TEXTS, normalizeEmail, type Language } from '@civicpulse/shared';
import { EventList } from '../../events/index.js';
import { mailEvent, type LinkMailFacts } from '../../events/mail.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import type { Limiter } from '../../lib/limiter.js';
import { hashPassword } from '../../lib/password.js';
import type { AccountRow } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { LinksRepo } from './linksRepo.js';
import type { GuardStore } from '../../lib/loginGuard.js';
import { guardKey } from './service.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class AccountLinks {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly repo: LinksRepo,
    /** Links per address (or account) per hour, counted across processes when Redis is set. */
    private readonly perAddress: Limiter,
    private readonly config: { scryptCost: number },
    private readonly clock: Clock,
    /** The sign-in budget: a reset forgets the account's failed attempts (its owner proved the inbox). */
    private readonly guard?: GuardStore,
  ) {}

  private async issue(account: AccountRow, purpose: 'verifyEmail' | 'resetPassword', language: Language): Promise<boolean> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const ttl = purpose === 'verifyEmail' ? ACCOUNT_EMAIL_LIMITS.verifyTtlMs : ACCOUNT_EMAIL_LIMITS.resetTtlMs;
    const facts: LinkMailFacts & { language: Language } = { token, name: account.name, language: account.language === 'hi' || account.language === 'en' ? account.language : language };
    const events = new EventList().add(mailEvent(account.id, account.email, purpose, facts));
    return this.repo.issue(
      { token_hash: hashOf(token), account_id: account.id, purpose, expires_at: isoAt(now + ttl), used_at: null, created_at: isoAt(now) },
      events,
    );
  }

  /** After a sign-up: the first verification link (not counted against the hourly budget). */
  async afterSignup(accountId: string, language: Language): Promise<void> {
    const account = await this.accounts.findById(accountId);
    if (account && !account.email_verified_at) await this.issue(account, 'verifyEmail', language);
  }

  /** "Send verification link" in Settings: 409 when already verified, 429 past the hourly budget. */
  async resendVerification(account: AccountRow, language: Language): Promise<void> {
    if (account.email_verified_at) throw new HttpError(409, ACCOUNT_EMAIL_TEXTS.alreadyVerified);
    if (!(await this.perAddress.take(`account:${account.id}`))) throw new HttpError(429, TEXTS.auth.rateLimited);
    await this.issue(account, 'verifyEmail', language);
  }

  /** Always resolves the same way: whether an account uses the address is not told. */
  async forgotPassword(email: string, language: Language): Promise<void> {
    const address = normalizeEmail(email);
    const account = await this.accounts.findByEmail(address);
    const allowed = await this.perAddress.take(`email:${hashOf(address)}`);
    if (account && allowed) await this.issue(account, 'resetPassword', language);
  }

  async verify(token: string): Promise<void> {
    const id = await this.repo.useVerification(hashOf(token), isoAt(this.clock.now()));
    if (!id) throw badRequest(ACCOUNT_EMAIL_TEXTS.linkInvalid);
  }

  async resetPassword(token: string, password: string): Promise<void> {
    // The link is checked first, so a guessed token costs no password hashing.
    const hash = hashOf(token);
    if (!(await this.repo.isOpen(hash, 'resetPassword', isoAt(this.clock.now())))) throw badRequest(ACCOUNT_EMAIL_TEXTS.linkInvalid);
    const passwordHash = await hashPassword(password, this.config.scryptCost);
    const now = this.clock.now();
    const id = await this.repo.useReset(hash, isoAt(now), now / 1000, passwordHash, new EventList());
    if (!id) throw badRequest(ACCOUNT_EMAIL_TEXTS.linkInvalid);
    const account = await this.accounts.findById(id);
    if (account && this.guard) await this.guard.reset(guardKey(account.email));
  }
}
