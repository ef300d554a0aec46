/**
 * Accounts and sessions: signup, login per role, admin bootstrap. Texts are the spec's (shared);
 * duplicate emails are caught by the UNIQUE index too, so two simultaneous signups cannot both win.
 * Every sign-in spends the account's budget first (lib/loginGuard.ts, issue 25), so guesses at one
 * account from every tab and address are counted together.
 */
import { createHash } from 'node:crypto';
import { LIMITS, TEXTS, lockedSignInText, normalizeEmail, normalizeIndianPhone, type Language, type Role } from '@civicpulse/shared';
import type { Config } from '../../config.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { HttpError, conflict, tooManyAttempts, unauthorized } from '../../lib/errors.js';
import { authorize } from '../../policies/index.js';
import { lockIfFailed, type GuardRule, type GuardStore } from '../../lib/loginGuard.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.js';
import type { TokenService } from '../../lib/tokens.js';
import type { Storage } from '../../media/storage.js';
import type { SniffedType } from '../../media/sniff.js';
import type { AccountRow, NewAccount } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { AccountLinks } from './links.js';

export interface GovernmentSignup {
  department: string;
  email: string;
  password: string;
  phone: string;
  city: string;
  proof: { data: Buffer; type: SniffedType };
  language?: Language;
}

export class AuthService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly tokens: TokenService,
    private readonly storage: Storage,
    private readonly config: Pick<Config, 'scryptCost'>,
    private readonly guard: GuardStore,
    private readonly guardRule: GuardRule,
    private readonly clock: Clock,
    /** Sends the verification link after a sign-up (issue 27 item 4). */
    private readonly links?: AccountLinks,
  ) {}

  private async base(role: Role, email: string, password: string, name: string): Promise<NewAccount> {
    const now = isoAt(this.clock.now());
    return {
      id: newId(),
      role,
      email: normalizeEmail(email),
      password_hash: await hashPassword(password, this.config.scryptCost),
      name: name.trim(),
      is_verified: 0,
      resolved_issues_count: 0,
      created_at: now,
      updated_at: now,
    };
  }

  private async insertUnique(account: NewAccount): Promise<void> {
    if (await this.accounts.findByEmail(account.email)) throw conflict(TEXTS.auth.emailTaken);
    try {
      await this.accounts.insert(account);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(TEXTS.auth.emailTaken);
      throw err;
    }
  }

  /**
   * The verification email is queued after the account's insert, in its own transaction: if the
   * process stops in between, the account exists unverified and Settings sends the link again.
   */
  async signupUser(input: { name: string; email: string; password: string; language?: Language }): Promise<AccountRow['id']> {
    const account = await this.base('user', input.email, input.password, input.name);
    await this.insertUnique(account);
    await this.links?.afterSignup(account.id, input.language ?? 'en');
    return account.id;
  }

  /** The proof is stored first and removed again if the account cannot be created: nothing is left half-made. */
  async signupGovernment(input: GovernmentSignup): Promise<AccountRow['id']> {
    const email = normalizeEmail(input.email);
    if (await this.accounts.findByEmail(email)) throw conflict(TEXTS.auth.emailTaken);
    const department = input.department.trim();
    const account = await this.base('government', email, input.password, department || email);
    const key = `private/proofs/${account.id}.${input.proof.type.ext}`;
    await this.storage.put(key, input.proof.data);
    try {
      await this.insertUnique({
        ...account,
        department: department || null,
        // Stored normalised (+91 and the national number, issue 30); the route checked it is one.
        phone: normalizeIndianPhone(input.phone) ?? input.phone.trim(),
        city: input.city.trim() || null,
        proof_doc_key: key,
        proof_doc_type: input.proof.type.mime,
      });
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    await this.links?.afterSignup(account.id, input.language ?? 'en');
    return account.id;
  }

  /**
   * The account behind an email and password, or null, in one password check's time whether the
   * email is known or not (an unknown email runs a dummy check).
   */
  private async checkPassword(email: string, password: string): Promise<AccountRow | null> {
    const account = await this.accounts.findByEmail(normalizeEmail(email));
    if (!account) {
      await burnPasswordCheck(password, this.config.scryptCost);
      return null;
    }
    return (await verifyPassword(password, account.password_hash)) ? account : null;
  }

  /**
   * Runs one sign-in attempt against the account's budget. A locked account is refused before any
   * password work, with the wait in words and in Retry-After; the budget is keyed by the email whether
   * or not an account has it, so a locked unknown email answers exactly as a locked real one.
   * `attempt` answers the account on success and throws its own 401/403 otherwise: a 401 is a guess
   * (the attempt stays spent, and the one that spends the last of the budget is told of the lock at
   * once), a 403 means the password was right on the wrong tab (the attempt is given back; it does not
   * reset the budget, or a known password would buy unlimited guesses at the admin secret key), and a
   * success forgets the record.
   */
  private async guarded(email: string, attempt: () => Promise<AccountRow>): Promise<AccountRow> {
    const key = guardKey(email);
    const taken = await this.guard.take(key, this.clock.now());
    if (!taken.allowed) throw tooManyAttempts(lockedSignInText(taken.retryAfterMs), taken.retryAfterMs);
    let account: AccountRow;
    try {
      account = await attempt();
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 403) await this.guard.refund(key);
      else if (err instanceof HttpError && err.statusCode === 401) {
        const lockMs = lockIfFailed(taken.state, this.guardRule);
        if (lockMs > 0) throw tooManyAttempts(lockedSignInText(lockMs), lockMs);
      }
      throw err;
    }
    await this.guard.reset(key);
    return account;
  }

  /**
   * One answer for an unknown email and a wrong password, in the same time. The right password on the
   * wrong tab is told which tab to use (spec 5 for the Government tab): only someone who knows the
   * password learns the account's role.
   */
  login(role: Role, email: string, password: string): Promise<AccountRow> {
    return this.guarded(email, async () => {
      const account = await this.checkPassword(email, password);
      // A member removed from its department signs in no more: the same answer as a wrong password.
      if (!account || account.deactivated_at) throw unauthorized(TEXTS.auth.invalidCredentials);
      authorize(account, 'session.start', { tab: role });
      return account;
    });
  }

  /**
   * Both the password and the secret key are checked on every attempt, so a wrong key takes as long
   * as a wrong password and the timing does not confirm an admin's password without the key. A wrong
   * key spends the same budget as a wrong password: one budget per account, whichever secret is guessed.
   */
  loginAdmin(email: string, password: string, secretKey: string): Promise<AccountRow> {
    return this.guarded(email, async () => {
      const account = await this.checkPassword(email, password);
      const secretHash = account?.role === 'admin' ? account.admin_secret_hash : null;
      const secretOk = secretHash
        ? await verifyPassword(secretKey, secretHash)
        : (await burnPasswordCheck(secretKey, this.config.scryptCost), false);
      if (!account) throw unauthorized(TEXTS.auth.invalidCredentials);
      authorize(account, 'session.start', { tab: 'admin' });
      if (!secretOk) throw unauthorized(TEXTS.auth.invalidCredentials);
      return account;
    });
  }

  /** Only the claims of API-CONTRACT, each bounded, so a token stays a few hundred bytes whatever the profile holds. */
  tokenFor(account: AccountRow, profilePhotoUrl: string): Promise<string> {
    return this.tokens.sign({
      id: account.id,
      role: account.role,
      email: account.email.slice(0, LIMITS.emailMaxChars),
      name: account.name.slice(0, LIMITS.nameMaxChars),
      profilePhoto: profilePhotoUrl.length <= LIMITS.urlMaxChars ? profilePhotoUrl : '',
    }, Math.max(Math.floor(this.clock.now() / 1000), Number(account.sessions_from)));
  }

  /**
   * Creates the admin account, or brings its password and secret key up to date. Refuses to turn an
   * existing citizen or department into an admin.
   */
  /**
   * N nodes starting together all run this: the one whose insert loses the race on the unique email
   * updates the row the winner created instead of failing its start (issue 15).
   */
  async ensureAdmin(input: { email: string; password: string; secret: string; name: string }, attempt = 0): Promise<'created' | 'updated'> {
    const email = normalizeEmail(input.email);
    const existing = await this.accounts.findByEmail(email);
    const secretHash = await hashPassword(input.secret, this.config.scryptCost);
    if (existing) {
      if (existing.role !== 'admin') throw new Error(`${email} belongs to a ${existing.role} account, not an admin`);
      await this.accounts.update(existing.id, {
        password_hash: await hashPassword(input.password, this.config.scryptCost),
        admin_secret_hash: secretHash,
        name: input.name,
        updated_at: isoAt(this.clock.now()),
      });
      return 'updated';
    }
    const account = await this.base('admin', email, input.password, input.name);
    try {
      // The operator set this address: it counts as verified.
      await this.accounts.insert({ ...account, admin_secret_hash: secretHash, is_verified: 1, email_verified_at: account.created_at });
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) return this.ensureAdmin(input, 1);
      throw err;
    }
    return 'created';
  }
}

export { wrongTabText } from '../../policies/index.js';

/**
 * The budget's key for an email: normalised as accounts are, then hashed, so the shared Redis holds
 * no email addresses and every key has one length.
 */
export function guardKey(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('base64url');
}
