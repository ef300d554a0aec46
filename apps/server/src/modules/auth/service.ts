/**
 * Accounts and sessions: signup, login per role, admin bootstrap. Texts are the spec's (shared);
 * duplicate emails are caught by the UNIQUE index too, so two simultaneous signups cannot both win.
 */
import { LIMITS, TEXTS, normalizeEmail, type Role } from '@civicpulse/shared';
import type { Config } from '../../config.js';
import { conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.js';
import type { TokenService } from '../../lib/tokens.js';
import type { Storage } from '../../media/storage.js';
import type { SniffedType } from '../../media/sniff.js';
import type { AccountRow, AccountsRepo, NewAccount } from '../accounts/repo.js';

export interface GovernmentSignup {
  department: string;
  email: string;
  password: string;
  phone: string;
  city: string;
  proof: { data: Buffer; type: SniffedType };
}

export class AuthService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly tokens: TokenService,
    private readonly storage: Storage,
    private readonly config: Pick<Config, 'scryptCost'>,
  ) {}

  private async base(role: Role, email: string, password: string, name: string): Promise<NewAccount> {
    const now = nowIso();
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

  async signupUser(input: { name: string; email: string; password: string }): Promise<AccountRow['id']> {
    const account = await this.base('user', input.email, input.password, input.name);
    await this.insertUnique(account);
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
        phone: input.phone.trim(),
        city: input.city.trim() || null,
        proof_doc_key: key,
        proof_doc_type: input.proof.type.mime,
      });
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
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
   * One answer for an unknown email and a wrong password, in the same time. The right password on the
   * wrong tab is told which tab to use (spec 5 for the Government tab): only someone who knows the
   * password learns the account's role.
   */
  async login(role: Role, email: string, password: string): Promise<AccountRow> {
    const account = await this.checkPassword(email, password);
    if (!account) throw unauthorized(TEXTS.auth.invalidCredentials);
    if (account.role !== role) throw forbidden(wrongTabText(role, account.role));
    return account;
  }

  /**
   * Both the password and the secret key are checked on every attempt, so a wrong key takes as long
   * as a wrong password and the timing does not confirm an admin's password without the key.
   */
  async loginAdmin(email: string, password: string, secretKey: string): Promise<AccountRow> {
    const account = await this.checkPassword(email, password);
    const secretHash = account?.role === 'admin' ? account.admin_secret_hash : null;
    const secretOk = secretHash
      ? await verifyPassword(secretKey, secretHash)
      : (await burnPasswordCheck(secretKey, this.config.scryptCost), false);
    if (!account) throw unauthorized(TEXTS.auth.invalidCredentials);
    if (account.role !== 'admin') throw forbidden(wrongTabText('admin', account.role));
    if (!secretOk) throw unauthorized(TEXTS.auth.invalidCredentials);
    return account;
  }

  /** Only the claims of API-CONTRACT, each bounded, so a token stays a few hundred bytes whatever the profile holds. */
  tokenFor(account: AccountRow, profilePhotoUrl: string): Promise<string> {
    return this.tokens.sign({
      id: account.id,
      role: account.role,
      email: account.email.slice(0, LIMITS.emailMaxChars),
      name: account.name.slice(0, LIMITS.nameMaxChars),
      profilePhoto: profilePhotoUrl.length <= LIMITS.urlMaxChars ? profilePhotoUrl : '',
    }, Math.max(Math.floor(Date.now() / 1000), Number(account.sessions_from)));
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
        updated_at: nowIso(),
      });
      return 'updated';
    }
    const account = await this.base('admin', email, input.password, input.name);
    try {
      await this.accounts.insert({ ...account, admin_secret_hash: secretHash, is_verified: 1 });
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) return this.ensureAdmin(input, 1);
      throw err;
    }
    return 'created';
  }
}

/** What the login tab for `tab` says to an account of `actual` role whose password was right. */
export function wrongTabText(tab: Role, actual: Role): string {
  if (tab === 'government') return TEXTS.auth.notGovernment;
  return actual === 'user' ? TEXTS.auth.useUserTab : actual === 'government' ? TEXTS.auth.useGovernmentTab : TEXTS.auth.useAdminTab;
}
