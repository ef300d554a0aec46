/**
 * The follow notifier (issue 27 item 5): tells a report's followers of a move after the move's commit,
 * off the request path (a report may have thousands of followers), one process at a time (a
 * QueueWorker). Followers are read in account order, BATCH at a time; each batch's notifications are
 * stored with the fan-out's cursor, so a crash repeats nothing and loses nothing. The reporter and the
 * one who moved it are told otherwise and skipped. Email, digest and push follow each person's
 * settings for "A report I follow moves", like every notification.
 */
import type { FanoutNote } from '../../events/index.js';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import type { FollowFanoutTable } from '../../db/types.js';
import { QueueWorker, type Exclusive } from '../../lib/worker.js';
import type { FollowsRepo } from './repo.js';

export const FOLLOWER_BATCH = 500;
const FANOUTS_PER_ROUND = 20;

export class FollowNotifier extends QueueWorker<number> {
  constructor(
    private readonly repo: FollowsRepo,
    exclusive: Exclusive,
    log: { warn(obj: object, msg: string): void },
    pollMs: number,
  ) {
    super(exclusive, log, { name: 'follow-notifier', pollMs, settleMs: 20 });
  }

  /** Answers how many followers were notified. */
  protected async round(): Promise<number> {
    let told = 0;
    for (;;) {
      const fanouts = await this.repo.fanouts(FANOUTS_PER_ROUND);
      for (const f of fanouts) {
        if (this.stopping) return told;
        told += await this.fanout(f);
      }
      if (fanouts.length < FANOUTS_PER_ROUND) return told;
    }
  }

  private async fanout(f: FollowFanoutTable): Promise<number> {
    const { note, except } = JSON.parse(f.facts) as { note: FanoutNote; except: string[] };
    const skip = new Set(except);
    let after = f.after_account;
    let told = 0;
    for (;;) {
      const followers = await this.repo.followers(f.post_id, after, FOLLOWER_BATCH);
      const full = followers.length === FOLLOWER_BATCH;
      const events = new EventList();
      for (const id of followers) {
        if (skip.has(id)) continue;
        for (const e of notifyEvent(id, 'followUpdate', { id: note.actorId, name: note.actorName }, { post: { id: f.post_id, caption: note.caption }, toState: note.toState, reason: note.reason })) events.add(e);
      }
      const to = followers.at(-1) ?? after;
      if (!(await this.repo.advance(f.id, after, to, !full, events))) return told;
      told += events.items.length;
      if (!full) return told;
      after = to;
      await new Promise((r) => setImmediate(r));
    }
  }
}
