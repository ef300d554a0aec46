/**
 * Moderation's queries: flags, the moderation_items queue and the hidden_at mark of posts, comments
 * and chat messages (moderation owns that column of each). Every write is one transaction with its
 * events; hiding and restoring are compare-and-set on hidden_at, so of simultaneous requests exactly
 * one hides (and tells the author). A top-level comment's hiding moves its post's comment_count, which
 * counts visible comments; a report's hiding moves the public tallies by trigger (migration 025).
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { FlagKind, FlagReason, ModerationFilter, ModerationKind, ModerationStatus } from '@civicpulse/shared';
import type { Engine } from '../../db/index.js';
import type { DB, ModerationItemTable } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

/** A flaggable item as loaded: who wrote it, where it is, what it says, whether it is hidden. */
export interface ItemInfo {
  kind: ModerationKind;
  shownKind: FlagKind;
  id: string;
  author_id: string | null;
  author_role: string | null;
  post_id: string | null;
  parent_id: string | null;
  text: string;
  hidden_at: string | null | undefined;
}

export interface QueueRow {
  item_kind: ModerationKind;
  item_id: string;
  shown_kind: FlagKind;
  post_id: string | null;
  author_id: string | null;
  excerpt: string;
  status: ModerationStatus;
  flag_count: number;
  spam: number;
  abusive: number;
  personal: number;
  not_civic: number;
  first_flagged_at: string;
  hidden_by: 'flags' | 'moderator' | null;
  review_requested_at: string | null;
  review_note: string | null;
  author_name: string | null;
  author_role: string | null;
  author_suspended_until: string | null;
}

export type QueueKey = [flagCount: number, firstFlaggedAt: string, kind: string, id: string];

const REASON_COLUMN: Record<FlagReason, 'spam' | 'abusive' | 'personal' | 'not_civic'> = {
  spam: 'spam',
  abusive: 'abusive',
  personal: 'personal',
  notCivic: 'not_civic',
};

export class ModerationRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /** The item with its author, or undefined when it is gone. */
  async item(kind: ModerationKind, id: string): Promise<ItemInfo | undefined> {
    if (kind === 'post') {
      const r = await this.db
        .selectFrom('posts')
        .leftJoin('accounts', 'accounts.id', 'posts.author_id')
        .select(['posts.id', 'posts.author_id', 'accounts.role as author_role', 'posts.caption as text', 'posts.hidden_at'])
        .where('posts.id', '=', id)
        .executeTakeFirst();
      return r && { kind, shownKind: 'post', id: r.id, author_id: r.author_id, author_role: r.author_role, post_id: r.id, parent_id: null, text: r.text, hidden_at: r.hidden_at };
    }
    if (kind === 'comment') {
      const r = await this.db
        .selectFrom('comments')
        .leftJoin('accounts', 'accounts.id', 'comments.author_id')
        .select(['comments.id', 'comments.author_id', 'accounts.role as author_role', 'comments.post_id', 'comments.parent_id', 'comments.content as text', 'comments.hidden_at'])
        .where('comments.id', '=', id)
        .executeTakeFirst();
      return r && { kind, shownKind: r.parent_id ? 'reply' : 'comment', id: r.id, author_id: r.author_id, author_role: r.author_role, post_id: r.post_id, parent_id: r.parent_id, text: r.text, hidden_at: r.hidden_at };
    }
    const r = await this.db
      .selectFrom('chat_messages')
      .leftJoin('accounts', 'accounts.id', 'chat_messages.author_id')
      .select(['chat_messages.id', 'chat_messages.author_id', 'accounts.role as author_role', 'chat_messages.body as text', 'chat_messages.hidden_at'])
      .where('chat_messages.id', '=', id)
      .executeTakeFirst();
    return r && { kind, shownKind: 'chat', id: r.id, author_id: r.author_id, author_role: r.author_role, post_id: null, parent_id: null, text: r.text, hidden_at: r.hidden_at };
  }

  /** How many flags the account sent since `sinceIso` (flags_account range), for the rate limit. */
  async flagsSince(accountId: string, sinceIso: string): Promise<number> {
    const r = await this.db
      .selectFrom('flags')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('created_at', '>=', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * One account's flag: false when it had flagged the item already (nothing written). The item's
   * count goes up in the same transaction; when `threshold` distinct accounts flagged a pending item,
   * it is hidden (compare-and-set) and `onHidden` adds the author's notification to the events.
   */
  async flag(
    item: ItemInfo,
    flag: { accountId: string; reason: FlagReason; at: string; excerpt: string },
    threshold: number,
    events: EventList,
    onHidden: (reasons: FlagReason[]) => void,
  ): Promise<'flagged' | 'hidden' | 'already'> {
    const outcome = await this.work.run(events, async (trx) => {
      if (this.engine === 'postgres' && item.post_id) await this.lockPost(trx, item.post_id);
      const inserted = await trx
        .insertInto('flags')
        .values({ item_kind: item.kind, item_id: item.id, account_id: flag.accountId, reason: flag.reason, created_at: flag.at })
        .onConflict((oc) => oc.columns(['item_kind', 'item_id', 'account_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'already' as const;
      const column = REASON_COLUMN[flag.reason];
      await trx
        .insertInto('moderation_items')
        .values({ ...queueRowOf(item, flag.excerpt, flag.at, item.hidden_at ? 'hidden' : 'pending'), flag_count: 1, [column]: 1 })
        .onConflict((oc) =>
          oc.columns(['item_kind', 'item_id']).doUpdateSet((eb) => ({
            flag_count: eb('moderation_items.flag_count', '+', 1),
            [column]: eb(sql.ref(`moderation_items.${column}`), '+', 1),
          })),
        )
        .execute();
      // Hidden by the flags: only a pending item that reached the threshold, and only once.
      const reached = await trx
        .updateTable('moderation_items')
        .set({ status: 'hidden', hidden_by: 'flags' })
        .where('item_kind', '=', item.kind)
        .where('item_id', '=', item.id)
        .where('status', '=', 'pending')
        .where('flag_count', '>=', threshold)
        .executeTakeFirst();
      if (Number(reached.numUpdatedRows) !== 1) return 'flagged' as const;
      if (!(await this.setHidden(trx, item, flag.at))) return 'flagged' as const;
      const counts = await trx.selectFrom('moderation_items').select(['spam', 'abusive', 'personal', 'not_civic']).where('item_kind', '=', item.kind).where('item_id', '=', item.id).executeTakeFirstOrThrow();
      onHidden(reasonsOf(counts));
      return 'hidden' as const;
    });
    return outcome;
  }

  /**
   * A moderator's decision on one item, as compare-and-set with its events:
   * hide (visible → hidden), restore (hidden → visible, flags dismissed), dismiss (flags set aside; a
   * hidden item is restored). False when there was nothing to change. `label` is what the queue shows.
   */
  async decide(
    item: ItemInfo,
    action: 'hide' | 'restore' | 'dismiss',
    by: { id: string; at: string; excerpt: string },
    events: EventList,
  ): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      if (this.engine === 'postgres' && item.post_id) await this.lockPost(trx, item.post_id);
      const status: ModerationStatus = action === 'hide' ? 'hidden' : 'dismissed';
      await trx
        .insertInto('moderation_items')
        .values({ ...queueRowOf(item, by.excerpt, by.at, status), hidden_by: action === 'hide' ? 'moderator' : null, decided_by: by.id, decided_at: by.at })
        .onConflict((oc) =>
          oc.columns(['item_kind', 'item_id']).doUpdateSet({
            status,
            hidden_by: action === 'hide' ? sql<'moderator'>`coalesce(moderation_items.hidden_by, 'moderator')` : null,
            review_requested_at: action === 'hide' ? sql<string | null>`moderation_items.review_requested_at` : null,
            decided_by: by.id,
            decided_at: by.at,
          }),
        )
        .execute();
      if (action === 'hide') return this.setHidden(trx, item, by.at);
      const restored = await this.setVisible(trx, item);
      return restored || action === 'dismiss';
    });
  }

  /** The item left the site (deleted by a moderator): its queue row says so. */
  async markDeleted(item: ItemInfo, by: { id: string; at: string }): Promise<void> {
    await this.db
      .updateTable('moderation_items')
      .set({ status: 'deleted', decided_by: by.id, decided_at: by.at })
      .where('item_kind', '=', item.kind)
      .where('item_id', '=', item.id)
      .execute();
  }

  /** The author asks for a review of a hidden item: once, compare-and-set. */
  async requestReview(item: ItemInfo, note: string | null, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('moderation_items')
      .set({ review_requested_at: at, review_note: note })
      .where('item_kind', '=', item.kind)
      .where('item_id', '=', item.id)
      .where('status', '=', 'hidden')
      .where('review_requested_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The queue row of an item (its author's notice), or undefined. */
  queueRow(kind: ModerationKind, id: string): Promise<QueueRow | undefined> {
    return this.queue().where('moderation_items.item_kind', '=', kind).where('moderation_items.item_id', '=', id).executeTakeFirst();
  }

  /** One page of the queue in a state: most flags first, then the longest waiting (moderation_queue index). */
  page(status: ModerationFilter, after: QueueKey | null, limit: number): Promise<QueueRow[]> {
    let q = this.queue().where('moderation_items.status', '=', status);
    if (after) {
      const [count, first, kind, id] = after;
      q = q.where((eb) =>
        eb.or([
          eb('moderation_items.flag_count', '<', count),
          eb.and([
            eb('moderation_items.flag_count', '=', count),
            eb.or([
              eb('moderation_items.first_flagged_at', '>', first),
              eb.and([
                eb('moderation_items.first_flagged_at', '=', first),
                eb.or([eb('moderation_items.item_kind', '>', kind as ModerationKind), eb.and([eb('moderation_items.item_kind', '=', kind as ModerationKind), eb('moderation_items.item_id', '>', id)])]),
              ]),
            ]),
          ]),
        ]),
      );
    }
    return q
      .orderBy('moderation_items.flag_count', 'desc')
      .orderBy('moderation_items.first_flagged_at', 'asc')
      .orderBy('moderation_items.item_kind', 'asc')
      .orderBy('moderation_items.item_id', 'asc')
      .limit(limit)
      .execute() as Promise<QueueRow[]>;
  }

  /** Suspends (until a time, with the reason) or lifts a suspension (null); false when the account is gone. */
  async suspend(accountId: string, until: string | null, reason: string | null, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const r = await trx.updateTable('accounts').set({ suspended_until: until, suspension_reason: reason }).where('id', '=', accountId).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  private queue() {
    return this.db
      .selectFrom('moderation_items')
      .leftJoin('accounts', 'accounts.id', 'moderation_items.author_id')
      .selectAll('moderation_items')
      .select(['accounts.name as author_name', 'accounts.role as author_role', 'accounts.suspended_until as author_suspended_until']);
  }

  /** PostgreSQL: the item's report first (as a comment's deletion takes it), so writers on one report queue. */
  private async lockPost(trx: Transaction<DB>, postId: string): Promise<void> {
    await trx.selectFrom('posts').select('id').where('id', '=', postId).forNoKeyUpdate().executeTakeFirst();
  }

  /** visible → hidden; a top-level comment leaves its post's comment_count. False when it was hidden (or gone). */
  private async setHidden(trx: Transaction<DB>, item: ItemInfo, at: string): Promise<boolean> {
    const table = item.kind === 'post' ? 'posts' : item.kind === 'comment' ? 'comments' : 'chat_messages';
    const r = await trx.updateTable(table).set({ hidden_at: at }).where('id', '=', item.id).where('hidden_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    if (item.kind === 'comment' && item.parent_id === null && item.post_id) {
      await trx
        .updateTable('posts')
        .set({ comment_count: sql<number>`case when comment_count > 0 then comment_count - 1 else 0 end` })
        .where('id', '=', item.post_id)
        .execute();
    }
    return true;
  }

  /** hidden → visible, the reverse of setHidden. */
  private async setVisible(trx: Transaction<DB>, item: ItemInfo): Promise<boolean> {
    const table = item.kind === 'post' ? 'posts' : item.kind === 'comment' ? 'comments' : 'chat_messages';
    const r = await trx.updateTable(table).set({ hidden_at: null }).where('id', '=', item.id).where('hidden_at', 'is not', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    if (item.kind === 'comment' && item.parent_id === null && item.post_id) {
      await trx.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', item.post_id).execute();
    }
    return true;
  }
}

/** A new queue row for an item, first seen at `at` (flag counts start at zero). */
function queueRowOf(item: ItemInfo, excerpt: string, at: string, status: ModerationStatus) {
  return {
    item_kind: item.kind,
    item_id: item.id,
    shown_kind: item.shownKind,
    post_id: item.post_id,
    author_id: item.author_id,
    excerpt,
    status,
    first_flagged_at: at,
    hidden_by: null,
    review_requested_at: null,
    review_note: null,
    decided_by: null,
    decided_at: null,
  } satisfies Insertable<ModerationItemTable>;
}

/** The reasons people gave, most given first. */
export function reasonsOf(counts: { spam: number; abusive: number; personal: number; not_civic: number }): FlagReason[] {
  return (Object.entries(REASON_COLUMN) as Array<[FlagReason, keyof typeof counts]>)
    .map(([reason, column]) => [reason, Number(counts[column])] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason]) => reason);
}
