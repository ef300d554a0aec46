/** Following a report (issue 27 item 5): every signed-in role follows and stops following any report it can read. */
import { FOLLOW_TEXTS, POST_TEXTS, type FollowState } from '@civicpulse/shared';
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
}
