/**
 * The alert matcher (issue 27 item 6): matches each new report against the area alerts after the
 * report is committed, off the request path, one process at a time across every process sharing the
 * database (an advisory lock on PostgreSQL). A report's scan reads the alerts stored under its grid
 * cell in account order, BATCH rows at a time, keeps those whose circle holds the report and whose
 * category fits, and notifies each of their accounts once (the bell now; email and the daily summary
 * follow each person's settings, through the usual notification events). Each batch's notifications
 * are stored in the transaction that moves the scan's cursor, so a crash repeats nothing and loses
 * nothing. The reporter is not told about their own report.
 */
import { ANONYMOUS_NAME, alertCell, alertMatches } from '@civicpulse/shared';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import type { AlertScanTable } from '../../db/types.js';
import type { AlertsRepo, Candidate, ScannedPost } from './repo.js';
import { QueueWorker, type Exclusive } from '../../lib/worker.js';


export interface MatchRound {
  scans: number;
  notified: number;
}

const SCANS_PER_ROUND = 20;
const SETTLE_MS = 20;
export const CANDIDATE_BATCH = 500;

export class AlertMatcher extends QueueWorker<MatchRound> {
  constructor(
    private readonly repo: AlertsRepo,
    exclusive: Exclusive,
    log: { warn(obj: object, msg: string): void },
    pollMs: number,
  ) {
    // A round starts SETTLE_MS after a report's commit: the request that filed it answers first.
    super(exclusive, log, { name: 'alert-matcher', pollMs, settleMs: SETTLE_MS });
  }

  protected async round(): Promise<MatchRound> {
    const round: MatchRound = { scans: 0, notified: 0 };
    for (;;) {
      const scans = await this.repo.scans(SCANS_PER_ROUND);
      for (const scan of scans) {
        if (this.stopping) return round;
        round.notified += await this.scan(scan);
        round.scans += 1;
      }
      if (scans.length < SCANS_PER_ROUND) return round;
    }
  }

  private async scan(scan: AlertScanTable): Promise<number> {
    const post = await this.repo.post(scan.post_id);
    if (!post) {
      await this.repo.drop(scan.post_id);
      return 0;
    }
    const cell = alertCell(post.lat, post.lng);
    let after = scan.after_account;
    /** The cursor as stored (the compare-and-set's expected value). */
    let stored = scan.after_account;
    let notified = 0;
    for (;;) {
      const rows = await this.repo.candidates(cell, after, CANDIDATE_BATCH);
      const full = rows.length === CANDIDATE_BATCH;
      // A full batch may have cut the last account's alerts short: leave that account to the next one.
      const lastAccount = rows.at(-1)?.account_id ?? null;
      const whole = full && rows.some((r) => r.account_id !== lastAccount) ? rows.filter((r) => r.account_id !== lastAccount) : rows;
      const events = notifications(post, whole);
      const to = whole.at(-1)?.account_id ?? after;
      // A batch that notifies nobody moves the cursor in memory only: after a crash it is read again.
      if (events.items.length > 0 || !full) {
        if (!(await this.repo.advance(post.id, stored, full ? to : null, !full, events))) return notified;
        stored = full ? to : null;
      }
      notified += events.items.filter((e) => e.type === 'notify').length;
      if (!full) return notified;
      after = to;
      // Between batches the event loop serves requests (SQLite's queries run on it).
      await new Promise((r) => setImmediate(r));
    }
  }
}

/** One notification per account with a matching alert (named by its first matching alert). */
function notifications(post: ScannedPost, rows: Candidate[]): EventList {
  const events = new EventList();
  const told = new Set<string>();
  const reporter = Number(post.anonymous) === 1 ? { id: null, name: ANONYMOUS_NAME } : { id: post.author_id, name: post.author_name };
  for (const a of rows) {
    if (told.has(a.account_id) || a.account_id === post.author_id) continue;
    if (!alertMatches({ lat: a.lat, lng: a.lng, radiusMeters: a.radius_m, category: a.category }, post.lat, post.lng, post.category)) continue;
    told.add(a.account_id);
    for (const e of notifyEvent(a.account_id, 'areaAlert', reporter, { post: { id: post.id, caption: post.caption }, reason: a.label })) events.add(e);
  }
  return events;
}
