/**
 * A person's own account (issue 12, Settings): notification and privacy choices, the password
 * (changing it ends every other session), deleting the account (the admin's cascade, files
 * included) and the export of one's own data.
 */
import {
  NOTIFICATION_KINDS,
  PROFILE_TEXTS,
  PUBLISHABLE_FIELDS,
  SETTINGS_TEXTS,
  TEXTS,
  isLanguage,
  notificationPrefsOf,
  emailPrefsOf,
  type AccountSettings,
  type Language,
} from '@civicpulse/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { authorize, suspendedUntil } from '../../policies/index.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Storage } from '../../media/storage.js';
import type { Config } from '../../config.js';
import { EventList } from '../../events/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import type { AccountRow } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { PostReads } from '../posts/index.js';
import { publicFieldsOf } from '../profiles/index.js';

const BATCH = 1000;

/** A keyset walk by id, as comma-joined JSON rows (the export's arrays), one batch at a time. */
async function* batchesById(read: (after: string | null) => Promise<Array<{ id: string }>>): AsyncGenerator<string> {
  let after: string | null = null;
  let first = true;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
    first = first && rows.length === 0;
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
}

export class AccountService {
  constructor(
    private readonly accounts: AccountsRepo,
    /** The account's own reports for its data export. */
    private readonly posts: Pick<PostReads, 'ownForExport'>,
    private readonly storage: Storage,
    private readonly config: Pick<Config, 'scryptCost'>,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Jurisdictions: a deleted department's released reports are routed again. */
    private readonly router?: { routeReleased(postIds: string[]): Promise<void> },
    private readonly clock: Clock = systemClock,
  ) {}

  settings(account: AccountRow): AccountSettings {
    return {
      notifications: notificationPrefsOf(account.notification_prefs),
      publicFields: publicFieldsOf(account),
      language: isLanguage(account.language) ? account.language : null,
      emailPrefs: emailPrefsOf(account.email_prefs),
      emailVerified: account.email_verified_at !== null,
      suspension: suspensionOf(account, isoAt(this.clock.now())),
    };
  }

  async saveSettings(
    account: AccountRow,
    input: {
      notifications?: Partial<AccountSettings['notifications']> | undefined;
      publicFields?: string[] | undefined;
      language?: Language | null | undefined;
      emailPrefs?: Partial<AccountSettings['emailPrefs']> | undefined;
    },
  ): Promise<AccountSettings> {
    const current = this.settings(account);
    const notifications = { ...current.notifications };
    for (const kind of NOTIFICATION_KINDS) {
      const v = input.notifications?.[kind];
      if (typeof v === 'boolean') notifications[kind] = v;
    }
    let publicFields = current.publicFields;
    if (input.publicFields) {
      const allowed: readonly string[] = account.role === 'admin' ? [] : PUBLISHABLE_FIELDS[account.role];
      if (!input.publicFields.every((f) => allowed.includes(f))) throw badRequest(PROFILE_TEXTS.publicFields);
      publicFields = [...new Set(input.publicFields)];
    }
    const emailPrefs = { ...current.emailPrefs };
    for (const kind of NOTIFICATION_KINDS) {
      const v = input.emailPrefs?.[kind];
      if (v) emailPrefs[kind] = v;
    }
    // Left out: the language stays as it was (clients from before issue 17 never send it).
    const language = input.language === undefined ? current.language : input.language;
    await this.accounts.update(account.id, {
      notification_prefs: JSON.stringify(notifications),
      public_fields: JSON.stringify(publicFields),
      language,
      email_prefs: JSON.stringify(emailPrefs),
      updated_at: isoAt(this.clock.now()),
    });
    return { notifications, publicFields, language, emailPrefs, emailVerified: current.emailVerified, suspension: current.suspension ?? null };
  }

  private async requirePassword(account: AccountRow, password: string): Promise<void> {
    if (!(await verifyPassword(password, account.password_hash))) throw badRequest(SETTINGS_TEXTS.currentPasswordWrong);
  }

  /**
   * Returns the account as the change left it (the caller signs this session a token at its new
   * sessions_from). The write is a compare-and-set on the hash the current password was checked
   * against: of simultaneous changes with the same current password one wins, and the others answer
   * what they would have a moment later, that the current password is wrong.
   */
  async changePassword(account: AccountRow, current: string, next: string): Promise<AccountRow> {
    await this.requirePassword(account, current);
    if (current === next) throw badRequest(SETTINGS_TEXTS.samePassword);
    const passwordHash = await hashPassword(next, this.config.scryptCost);
    const nowMs = this.clock.now();
    // Live connections opened with the old tokens close; this session reconnects with its new token.
    const events = new EventList().add({ type: 'sessionsEnded', accountId: account.id });
    const sessionsFrom = await this.accounts.changePassword(account.id, account.password_hash, passwordHash, nowMs / 1000, isoAt(nowMs), events);
    if (sessionsFrom === null) throw badRequest(SETTINGS_TEXTS.currentPasswordWrong);
    return { ...account, password_hash: passwordHash, sessions_from: sessionsFrom };
  }

  /**
   * Deletes one's own citizen or department account with the admin's cascade (its unresolved reports,
   * votes, comments; its resolved reports stay, anonymised; a department's open reports back to Open).
   * An admin is removed by another admin.
   */
  async deleteSelf(account: AccountRow, password: string): Promise<void> {
    authorize(account, 'account.delete', {});
    await this.requirePassword(account, password);
    const events = new EventList().add({ type: 'sessionsEnded', accountId: account.id });
    const deleted = await this.accounts.deleteCascade(
      account,
      { actor_id: account.id, actor_name: account.name, actor_role: account.role, note: null, final_caption: null, created_at: isoAt(this.clock.now()) },
      () => newId(),
      events,
    );
    // Deleted by a simultaneous request (this one's twin, or an admin) after the password check.
    if (deleted === 'gone') throw notFound(SETTINGS_TEXTS.accountDeleted);
    if (deleted === 'lastAdmin' || deleted === 'kept') throw forbidden(TEXTS.auth.forbidden);
    if (deleted.releasedIds.length) await this.router?.routeReleased(deleted.releasedIds);
    const results = await Promise.allSettled(deleted.fileKeys.map((k) => this.storage.delete(k)));
    if (results.some((r) => r.status === 'rejected')) this.log.warn({ account: account.id }, 'some files of a deleted account were left for the sweep');
  }

  /** One's own data as JSON, streamed batch by batch: profile, reports, comments and replies, chat messages, votes. */
  async *exportData(account: AccountRow, profile: unknown): AsyncGenerator<string> {
    yield `{"exportedAt":${JSON.stringify(isoAt(this.clock.now()))},"profile":${JSON.stringify(profile)},"settings":${JSON.stringify(this.settings(account))},"reports":[`;
    yield* batchesById((after) => this.posts.ownForExport(account.id, after, BATCH));
    yield '],"comments":[';
    yield* batchesById((after) => this.accounts.ownComments(account.id, after, BATCH));
    yield '],"chatMessages":[';
    yield* batchesById((after) => this.accounts.ownChatMessages(account.id, after, BATCH));
    yield '],"votes":[';
    let voteAfter: [string, string] | null = null;
    let first = true;
    for (;;) {
      const rows = await this.accounts.ownVotes(account.id, voteAfter, BATCH);
      if (rows.length) yield (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
      first = first && rows.length === 0;
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1]!;
      voteAfter = [last.type, last.post_id];
    }
    yield ']}\n';
  }
}

/** The account's suspension as its own settings show it (a banner on its dashboard), or null. */
function suspensionOf(account: AccountRow, nowIso: string): { until: string; reason: string } | null {
  const until = suspendedUntil(account, nowIso);
  return until ? { until, reason: account.suspension_reason ?? '' } : null;
}
