/**
 * The mail sender (issue 27 item 3): works the durable queue (mail_outbox) one process at a time
 * across every process sharing the database (an advisory lock on PostgreSQL; SQLite serves one
 * process), so no row is sent by two senders at once. Per row: claim (count the attempt and move the
 * next attempt past a lease, committed), render, send, mark sent. A failure is retried with
 * exponential backoff up to MAIL_MAX_ATTEMPTS, then kept as failed (with its last error) for the
 * operator. A process killed between the claim and the mark leaves the row due again when the lease
 * ends: the message is sent again with the same Message-ID. Only the moment between the SMTP server's
 * acceptance and the mark can give a second copy (which receivers can drop by its Message-ID); a kill
 * before the acceptance loses nothing and doubles nothing.
 *
 * Also makes the daily summaries: an account whose oldest waiting item is 24 hours old gets one email
 * listing its daily-kind notifications since, and its period closes in the same transaction.
 */
import { EMAIL_DEFAULTS, NOTIFICATION_PREF, NOTIFICATION_TYPES, emailPrefsOf, isLanguage, type Language, type NotificationType } from '@civicpulse/shared';
import { EventList } from '../../events/index.js';
import { mailEvent, type LinkMailFacts, type NotificationMailFacts } from '../../events/mail.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import type { DueMail, MailRepo } from './repo.js';
import type { MailTransport, OutgoingMail } from './transport.js';
import { isUpdate, renderDigestMail, renderInviteMail, renderLinkMail, renderNotificationMail, type DigestFacts, type InviteMailFacts, type MailLinks, type RenderedMail } from './templates.js';
import type { UnsubscribeScope, UnsubscribeTokens } from './unsubscribe.js';
import { QueueWorker, type Exclusive } from '../../lib/worker.js';


export interface MailSenderOptions {
  from: string;
  /** The app's public origin, for links. */
  baseUrl: string;
  leaseMs: number;
  maxAttempts: number;
  pollMs: number;
}

export interface SendRound {
  sent: number;
  retried: number;
  failed: number;
  digests: number;
}

const BATCH = 20;
const ROUNDS_MAX = 10;
const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;
const DIGEST_ITEMS = 20;
const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const BACKOFF_FIRST_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

export class MailSender extends QueueWorker<SendRound> {
  private readonly domain: string;

  constructor(
    private readonly repo: MailRepo,
    private readonly transport: MailTransport,
    private readonly unsubscribe: UnsubscribeTokens,
    private readonly posts: { referencesOf(ids: string[]): Promise<Map<string, string>> },
    private readonly clock: Clock,
    exclusive: Exclusive,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
    private readonly opts: MailSenderOptions,
  ) {
    super(exclusive, log, { name: 'mail-sender', pollMs: opts.pollMs });
    this.domain = /@([^>\s]+)>?\s*$/.exec(opts.from)?.[1] ?? 'civicpulse.local';
  }

  get description(): string {
    return this.transport.description;
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.transport.close();
  }

  protected async round(): Promise<SendRound> {
    const round: SendRound = { sent: 0, retried: 0, failed: 0, digests: await this.digestsOnce() };
    for (let i = 0; i < ROUNDS_MAX && !this.stopping; i++) {
      const rows = await this.repo.due(isoAt(this.clock.now()), BATCH);
      if (rows.length === 0) break;
      const postIds = rows.flatMap((r) => (r.kind === 'notification' && r.payload ? [(JSON.parse(r.payload) as NotificationMailFacts).postId ?? ''] : [])).filter(Boolean);
      const refs = await this.posts.referencesOf(postIds);
      for (const row of rows) {
        if (this.stopping) break;
        const outcome = await this.sendOne(row, refs);
        if (outcome) round[outcome] += 1;
      }
      if (rows.length < BATCH) break;
    }
    await this.repo.rows.purgeSent(isoAt(this.clock.now() - SENT_KEPT_MS), 500);
    return round;
  }

  private async sendOne(row: DueMail, refs: Map<string, string>): Promise<'sent' | 'retried' | 'failed' | null> {
    const now = this.clock.now();
    if (!(await this.repo.rows.claim(row.id, row.attempts, isoAt(now + this.opts.leaseMs)))) return null;
    let mail: OutgoingMail;
    try {
      mail = this.compose(row, refs);
    } catch (err) {
      await this.repo.rows.failed(row.id, `cannot render: ${String(err)}`);
      this.log.warn({ err, mail: row.id }, 'mail could not be rendered');
      return 'failed';
    }
    try {
      await this.transport.send(mail);
    } catch (err) {
      const attempts = row.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      if (attempts >= this.opts.maxAttempts) {
        await this.repo.rows.failed(row.id, message);
        this.log.warn({ err, mail: row.id, attempts }, 'mail failed for good');
        return 'failed';
      }
      await this.repo.rows.retry(row.id, isoAt(this.clock.now() + backoffMs(attempts)), message);
      this.log.warn({ err, mail: row.id, attempts }, 'mail not sent, will retry');
      return 'retried';
    }
    await this.repo.rows.sent(row.id, isoAt(this.clock.now()));
    return 'sent';
  }

  private compose(row: DueMail, refs: Map<string, string>): OutgoingMail {
    let lang: Language = isLanguage(row.language) ? row.language : 'en';
    const payload: unknown = JSON.parse(row.payload ?? 'null');
    // Settings is a dashboard page per role (an admin has none: the dashboard).
    const settings = row.role === 'user' ? '/user/dashboard/settings' : row.role === 'government' ? '/government/dashboard/settings' : '/admin/dashboard';
    const links: MailLinks = { base: this.opts.baseUrl, settings: `${this.opts.baseUrl}${settings}` };
    let scope: UnsubscribeScope | null = null;
    let rendered: RenderedMail;
    if (row.kind === 'verifyEmail' || row.kind === 'resetPassword') {
      const facts = payload as LinkMailFacts & { language?: string };
      // The language of the request that asked for the link, unless the account chose one.
      if (!isLanguage(row.language) && isLanguage(facts.language)) lang = facts.language;
      rendered = renderLinkMail(row.kind, facts, lang, links);
    } else if (row.kind === 'teamInvite') {
      // The invitee has no account yet: the language the head wrote the invitation in.
      const facts = payload as InviteMailFacts;
      if (isLanguage(facts.language)) lang = facts.language;
      rendered = renderInviteMail(facts, lang, links);
    } else if (row.kind === 'notification') {
      const facts = payload as NotificationMailFacts;
      scope = NOTIFICATION_PREF[facts.type] ?? null;
      this.addUnsubscribe(links, row, scope);
      rendered = renderNotificationMail(facts, lang, links, facts.postId ? refs.get(facts.postId) : undefined);
    } else {
      scope = 'digest';
      this.addUnsubscribe(links, row, scope);
      rendered = renderDigestMail(payload as DigestFacts, lang, links);
    }
    const headers: Record<string, string> = { 'Content-Language': lang, 'Auto-Submitted': 'auto-generated' };
    if (isUpdate(row.kind) && links.unsubscribe) {
      headers['List-Unsubscribe'] = `<${links.unsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return { id: row.id, from: this.opts.from, to: row.to_address, messageId: `<${row.id}@${this.domain}>`, headers, ...rendered };
  }

  private addUnsubscribe(links: MailLinks, row: DueMail, scope: UnsubscribeScope | null): void {
    if (!scope || !row.account_id) return;
    const t = encodeURIComponent(this.unsubscribe.sign(row.account_id, scope));
    links.unsubscribe = `${this.opts.baseUrl}/api/mail/unsubscribe?t=${t}`;
    links.unsubscribePage = `${this.opts.baseUrl}/unsubscribe?t=${t}`;
  }

  /** Summaries due now: one email per account, its period closed with it. */
  private async digestsOnce(): Promise<number> {
    const now = this.clock.now();
    const accounts = await this.repo.digestDue(isoAt(now - DIGEST_PERIOD_MS), 50);
    let made = 0;
    for (const a of accounts) {
      const prefs = emailPrefsOf(a.email_prefs);
      const types = NOTIFICATION_TYPES.filter((t): t is NotificationType => {
        const kind = NOTIFICATION_PREF[t];
        return kind !== null && (prefs[kind] ?? EMAIL_DEFAULTS[kind]) === 'daily';
      });
      const { rows, total } = await this.repo.notificationsSince(a.id, a.digest_since, types, DIGEST_ITEMS, 1000);
      const events = new EventList();
      if (rows.length > 0 && a.email_verified_at) {
        const facts: DigestFacts = {
          items: rows.map((n) => ({ type: n.type, postId: n.post_id, actorName: n.actor_name, caption: n.caption, toState: n.to_state, reason: n.reason })),
          more: Math.max(0, total - rows.length),
        };
        events.add(mailEvent(a.id, a.email, 'digest', facts));
      }
      const upTo = rows[0]?.created_at ?? isoAt(now);
      if (await this.repo.closeDigest(a.id, a.digest_since, upTo, events)) made += events.items.length;
    }
    return made;
  }
}
