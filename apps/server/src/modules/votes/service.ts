/** Up- and downvotes (API-CONTRACT "Votes"): one per account and post, toggled, counted on the post. */
import type { Transaction } from 'kysely';
import { DUPLICATE_TEXTS, POST_TEXTS, TEXTS, toggleVote, type VoteType } from '@civicpulse/shared';
import type { DB } from '../../db/types.js';
import type { AccountRow } from '../../db/rows.js';
import { EventList } from '../../events/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor } from '../../lib/paging.js';
import type { PostLookup } from '../posts/index.js';
import { toVotedKey, type VotedKey, type VotesRepo } from './repo.js';

export class VotesService {
  constructor(
    private readonly repo: VotesRepo,
    private readonly posts: PostLookup,
    private readonly clock: Clock = systemClock,
  ) {}

  async vote(postId: string, viewer: AccountRow, type: VoteType) {
    const events = new EventList().add({ type: 'postChanged', postId, reason: 'vote' });
    const result = await this.repo
      .applyVote(postId, viewer.id, (current) => toggleVote(current, type), isoAt(this.clock.now()), events)
      .catch((err: unknown) => this.posts.lostRace(err, postId, viewer));
    if (!result.found) throw notFound(POST_TEXTS.notFound);
    if (result.duplicate) throw conflict(DUPLICATE_TEXTS.voteOnDuplicate);
    const message = result.vote === null ? POST_TEXTS.voteRemoved : result.vote === 'upvote' ? POST_TEXTS.upvoted : POST_TEXTS.downvoted;
    return { message, upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.vote };
  }

  /** The most recent votes of each post (at least `perPost` where it has them) and the viewer's own. */
  recent(postIds: string[], perPost: number) {
    return this.repo.votes(postIds, perPost);
  }

  mine(postIds: string[], accountId: string) {
    return this.repo.myVotes(postIds, accountId);
  }

  /** A page of the posts an account voted on with `type`, most recent vote first; a foreign cursor is refused. */
  votedPage(accountId: string, type: VoteType, cursor: string | undefined, limit: number) {
    const parts = decodeCursor(cursor);
    const after: VotedKey | null = parts && toVotedKey(parts);
    if (parts && !after) throw badRequest(TEXTS.http.invalidCursor);
    return this.repo.votedPage(accountId, type, { after, limit });
  }

  /** Duplicates: the duplicate's voters vote on the original too, once (in the mark's transaction; see VotesRepo.copyVotes). */
  copyVotes(trx: Transaction<DB>, fromPostId: string, toPostId: string, at: string) {
    return this.repo.copyVotes(trx, fromPostId, toPostId, at);
  }

  /** Duplicates: takes back the votes a mark added, where they are still as added (in the un-mark's transaction). */
  removeCopied(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; type: VoteType; created_at: string }>) {
    return this.repo.removeCopied(trx, postId, copied);
  }

  /** How many votes an account has given (its public profile). */
  countBy(accountId: string): Promise<number> {
    return this.repo.countBy(accountId);
  }
}
