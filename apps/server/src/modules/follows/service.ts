/** Following a report (issue 27 item 5): every signed-in role follows and stops following any report it can read. */
import type { Transaction } from 'kysely';
import { FOLLOW_TEXTS, POST_TEXTS, type FollowState } from '@civicpulse/shared';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { authorize } from '../../policies/index.js';
import type { AccountRow } from '../../db/rows.js';
import type { FollowsRepo } from './repo.js';

export class FollowsService {
  constructor(
    private readonly repo: FollowsRepo,
    private readonly clock: Clock,
  ) {}

  async state(me: AccountRow, postId: string): Promise<FollowState> {
    authorize(me, 'follow.set');
    const state = await this.repo.state(postId, me.id);
    if (!state) throw notFound(POST_TEXTS.notFound);
    return state;
  }

  async set(me: AccountRow, postId: string, follow: boolean): Promise<FollowState & { message: string }> {
    authorize(me, 'follow.set');
    const count = await this.repo.set(postId, me.id, follow, isoAt(this.clock.now()));
    if (count === null) throw notFound(POST_TEXTS.notFound);
    return { following: follow, followerCount: count, message: follow ? FOLLOW_TEXTS.followed : FOLLOW_TEXTS.unfollowed };
  }

  /** Duplicates: the duplicate's followers follow the original too (in the mark's transaction; FollowsRepo.copyFollows). */
  copyFollows(trx: Transaction<DB>, fromPostId: string, toPostId: string, at: string): Promise<string[]> {
    return this.repo.copyFollows(trx, fromPostId, toPostId, at);
  }

  /** Duplicates: takes back the follows a mark added, where they are still as added (in the un-mark's transaction). */
  removeCopied(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; created_at: string }>): Promise<number> {
    return this.repo.removeCopied(trx, postId, copied);
  }
}
