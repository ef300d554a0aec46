/**
 * The push sender (issue 27 item 7): works push_outbox one process at a time across processes (a
 * QueueWorker), like the mail sender: claim (count the attempt, hold it for a lease, committed), send
 * with web-push (the payload encrypted for the browser, RFC 8291; signed with our VAPID key, RFC 8292),
 * mark sent. A push service answering 404 or 410 says the subscription is gone: it is deleted with its
 * queued pushes. 429, 5xx and network failures are retried with the mail queue's backoff; other 4xx
 * answers are kept as failed. The payload is the notification's title and message in the account's
 * language, its link and a tag (a newer push about the same report replaces the older one on screen).
 */
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { isLanguage, type Language } from '@civicpulse/shared';
import type { NotificationMailFacts } from '../../events/mail.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { QueueWorker, type Exclusive } from '../../lib/worker.js';
import { backoffMs } from '../mail/index.js';
import { presentNotification } from '../notifications/index.js';
import type { DuePush, PushRepo } from './repo.js';

export interface PushRound {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
}

export interface PushSenderOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  baseUrl: string;
  leaseMs: number;
  maxAttempts: number;
  pollMs: number;
  timeoutMs: number;
  /** The https agent (tests: one that trusts their loopback push service's certificate). */
  agent?: Agent | undefined;
}

const BATCH = 50;
const SENT_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long a push service keeps a push for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

/** What the service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function pushPayload(facts: NotificationMailFacts, lang: Language, baseUrl: string): PushPayload {
  const n = presentNotification(
    { id: facts.notificationId, recipient_id: '', type: facts.type, post_id: facts.postId, actor_id: null, actor_name: facts.actorName, caption: facts.caption, to_state: facts.toState, reason: facts.reason, is_read: 0, created_at: '', group_key: null, group_id: facts.groupId ?? null, update_count: facts.count ?? 1 },
    lang,
  );
  return { title: n.title, body: n.message, url: `${baseUrl}${n.link ?? '/'}`, tag: facts.postId ? `post-${facts.postId}` : `note-${facts.notificationId}` };
}

export class PushSender extends QueueWorker<PushRound> {
  constructor(
    private readonly repo: PushRepo,
    private readonly clock: Clock,
    exclusive: Exclusive,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly opts: PushSenderOptions,
  ) {
    super(exclusive, log, { name: 'push-sender', pollMs: opts.pollMs });
  }

  protected async round(): Promise<PushRound> {
    const round: PushRound = { sent: 0, retried: 0, failed: 0, gone: 0 };
    for (;;) {
      const rows = await this.repo.due(isoAt(this.clock.now()), BATCH);
      for (const row of rows) {
        if (this.stopping) return round;
        const outcome = await this.sendOne(row);
        if (outcome) round[outcome] += 1;
      }
      if (rows.length < BATCH) break;
    }
    await this.repo.rows.purgeSent(isoAt(this.clock.now() - SENT_KEPT_MS), 500);
    return round;
  }

  private async sendOne(row: DuePush): Promise<keyof PushRound | null> {
    if (!(await this.repo.rows.claim(row.id, row.attempts, isoAt(this.clock.now() + this.opts.leaseMs)))) return null;
    let payload: PushPayload;
    try {
      payload = pushPayload(JSON.parse(row.payload ?? 'null') as NotificationMailFacts, isLanguage(row.language) ? row.language : 'en', this.opts.baseUrl);
    } catch (err) {
      await this.repo.rows.failed(row.id, `cannot render: ${String(err)}`);
      return 'failed';
    }
    try {
      await webpush.sendNotification({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.opts.subject, publicKey: this.opts.publicKey, privateKey: this.opts.privateKey },
        TTL: TTL_SECONDS,
        timeout: this.opts.timeoutMs,
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        ...(this.opts.agent ? { agent: this.opts.agent } : {}),
      });
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : 0;
      const message = err instanceof Error ? err.message : String(err);
      if (status === 404 || status === 410) {
        await this.repo.removeById(row.subscription_id);
        return 'gone';
      }
      const attempts = row.attempts + 1;
      const retryable = status === 0 || status === 429 || status >= 500;
      if (!retryable || attempts >= this.opts.maxAttempts) {
        await this.repo.rows.failed(row.id, `${status || 'network'}: ${message}`);
        this.log.warn({ err, push: row.id, status }, 'push failed for good');
        return 'failed';
      }
      await this.repo.rows.retry(row.id, isoAt(this.clock.now() + backoffMs(attempts)), `${status || 'network'}: ${message}`);
      return 'retried';
    }
    await this.repo.rows.sent(row.id, isoAt(this.clock.now()));
    return 'sent';
  }
}
