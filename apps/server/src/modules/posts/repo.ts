import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { formatReference, referencePrefix, type Category } from '@civicpulse/shared';
import type { Engine } from '../../db/index.js';
import { inChunks } from '../../db/chunks.js';
import { addRoutes } from '../../db/postRoutes.js';
import type { ImageRow, PostRow } from '../../db/rows.js';
import type { EventList } from '../../events/index.js';
import { accountsReferredTo, holdAccounts } from '../../events/store.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import type { DB, PostImageTable, PostTable } from '../../db/types.js';
import { selectPosts } from './listing.js';

/**
 * The next reference number of a prefix (`CP-MH-2026` -> `CP-MH-2026-000124`), taken in the report's
 * transaction: one upsert that answers the new value. On PostgreSQL the counter's row stays locked until
 * the report commits, so two reports of one state and year are numbered one after the other (reports of
 * other states don't wait); a rolled-back report gives its number back.
 */
async function nextReference(trx: Transaction<DB>, prefix: string): Promise<string> {
  const row = await trx
    .insertInto('reference_counters')
    .values({ prefix, last: 1 })
    .onConflict((oc) => oc.column('prefix').doUpdateSet({ last: sql<number>`reference_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return formatReference(prefix, Number(row.last));
}

/** The Idempotency-Key of an insert is already another committed report's (PostsRepo.insert rolls back). */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
  }
}

/**
 * The posts table's writes and what is the report's own (photos, routes to departments, idempotency
 * keys), with the lookups PostsService answers. Lists and what a page presents are PostListingRepo's
 * (listing.ts); the reads other modules need, PostReadsRepo's (reads.ts). Votes, comments and the
 * workflow write their kept columns (counts, state) in their own transactions.
 */
export class PostsRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /**
   * The report, its photos, its routes to the departments it matches and their notifications, in one
   * transaction; with `idempotency`, also the author's key for it (migration 015).
   *
   * The key row is written first: a concurrent duplicate's insert meets the primary key before it
   * touches posts, routes or counters. On PostgreSQL it waits there for the first transaction, then
   * (committed) updates nothing; on SQLite the transactions run one after the other. A row of the same
   * key older than `expiredBefore` is taken over. When the key is taken, IdempotencyKeyTaken rolls
   * everything back.
   */
  async insert(
    post: Omit<Insertable<PostTable>, 'reference'>,
    images: Array<Omit<PostImageTable, 'post_id'>>,
    opts: { routes?: string[]; events?: EventList; idempotency?: { key: string; expiredBefore: string } } = {},
  ): Promise<void> {
    await this.work.run(opts.events, async (trx) => {
      const present = await holdAccounts(trx, this.engine, [post.author_id, ...(opts.routes ?? []), ...accountsReferredTo(opts.events)]);
      if (opts.idempotency) {
        const { key, expiredBefore } = opts.idempotency;
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ account_id: post.author_id, key, post_id: post.id, created_at: post.created_at })
          .onConflict((oc) =>
            oc
              .columns(['account_id', 'key'])
              .doUpdateSet({ post_id: post.id, created_at: post.created_at })
              .where('idempotency_keys.created_at', '<', expiredBefore),
          )
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) throw new IdempotencyKeyTaken();
      }
      const reference = await nextReference(trx, referencePrefix(post.state, post.created_at));
      await trx.insertInto('posts').values({ ...post, reference }).execute();
      if (images.length) await trx.insertInto('post_images').values(images.map((i) => ({ ...i, post_id: post.id }))).execute();
      // A department deleted since the routes were matched is left out (its foreign key would fail the report).
      await addRoutes(trx, this.engine, post.id, (opts.routes ?? []).filter((d) => present.has(d)));
    });
  }

  /** The post an account's key made, unless the key is older than `notBefore` (expired). */
  async idempotentPostId(accountId: string, key: string, notBefore: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select('post_id')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '>=', notBefore)
      .executeTakeFirst();
    return row?.post_id;
  }

  /**
   * Deletes up to `limit` keys older than `before`, oldest first, from the front of
   * idempotency_keys_created; answers how many. On PostgreSQL rows another purge holds are skipped,
   * so purges running side by side never wait on (or deadlock with) each other.
   */
  async purgeIdempotencyKeys(before: string, limit: number): Promise<number> {
    const lock = this.engine === 'postgres' ? sql` for update skip locked` : sql``;
    const result = await sql`
      delete from idempotency_keys where (account_id, key) in (
        select account_id, key from idempotency_keys where created_at < ${before} order by created_at limit ${limit}${lock})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** The categories whose admins set them (migration 027); a category without a row has the defaults. */
  async categorySettings(): Promise<Array<{ category: string; anonymous_allowed: number }>> {
    return this.db.selectFrom('category_settings').select(['category', 'anonymous_allowed']).execute();
  }

  /** Whether residents may hide their name on a report of `category` (no row: yes). */
  async anonymousAllowed(category: Category): Promise<boolean> {
    const row = await this.db.selectFrom('category_settings').select('anonymous_allowed').where('category', '=', category).executeTakeFirst();
    return row === undefined || Number(row.anonymous_allowed) === 1;
  }

  /** An admin's switch, stored with its audit entry. */
  async saveAnonymousAllowed(category: Category, allowed: boolean, by: string, at: string, events: EventList): Promise<void> {
    await this.work.run(events, async (trx) => {
      await trx
        .insertInto('category_settings')
        .values({ category, anonymous_allowed: allowed ? 1 : 0, updated_by: by, updated_at: at })
        .onConflict((oc) => oc.column('category').doUpdateSet({ anonymous_allowed: allowed ? 1 : 0, updated_by: by, updated_at: at }))
        .execute();
    });
  }

  /** Whether an author's account still exists (a write that met a foreign key asks who was deleted). */
  async accountExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  findById(id: string): Promise<PostRow | undefined> {
    return selectPosts(this.db).where('posts.id', '=', id).executeTakeFirst() as Promise<PostRow | undefined>;
  }

  /** Which of these ids are posts (the primary key only; the live connection watches no others). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows = await inChunks(ids, (slice) => this.db.selectFrom('posts').select('id').where('id', 'in', slice).execute());
    return new Set(rows.map((r) => r.id));
  }

  /**
   * An edit's fields, and with `routes` the report routed afresh in the same transaction: to those
   * departments while it is open and unassigned, to none once taken (checked in the transaction, so a
   * take-over in between wins).
   */
  async update(
    id: string,
    patch: Partial<
      Pick<
        PostTable,
        'caption' | 'priority' | 'category' | 'city' | 'state' | 'landmark' | 'address' | 'pincode' | 'lat' | 'lng' | 'updated_at' | 'response_due_at' | 'resolution_due_at' | 'sla_next_at'
      > & { sla_stage: number; anonymous: number }
    >,
    routes: string[] | undefined,
    events: EventList,
  ): Promise<boolean> {
    // Only while the report is not Finished (the reporter's edit): false when it was resolved meanwhile.
    return this.work.run(events, async (trx) => {
      const updated = await trx.updateTable('posts').set(patch).where('id', '=', id).where('finished', '=', 0).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (routes === undefined) return true;
      await trx.deleteFrom('post_routes').where('post_id', '=', id).execute();
      const open = await trx.selectFrom('posts').select('id').where('id', '=', id).where('assigned_government', 'is', null).where('finished', '=', 0).executeTakeFirst();
      if (open) await addRoutes(trx, this.engine, id, routes);
      return true;
    }, (ok) => ok);
  }

  /**
   * Deletes a post with everything hanging off it (cascades); returns its files for removal, or null
   * when it was already gone: of simultaneous deletions exactly one gets the files and stores its
   * events (the audit entry). On PostgreSQL the post row is locked first, so the losers wait for the
   * winner and then find nothing, and no photo can be attached between the read of the files and the
   * delete.
   */
  async delete(id: string, events?: EventList, opts: { unlessFinished?: boolean } = {}): Promise<ImageRow[] | null | 'finished'> {
    return this.work.run(events, async (trx): Promise<ImageRow[] | null | 'finished'> => {
      if (this.engine === 'postgres' && !(await trx.selectFrom('posts').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) return null;
      // The reporter's deletion: not once the report is Finished (resolved meanwhile: the row is locked above).
      if (opts.unlessFinished && (await trx.selectFrom('posts').select('id').where('id', '=', id).where('finished', '=', 1).executeTakeFirst())) return 'finished';
      const images = await trx.selectFrom('post_images').selectAll().where('post_id', '=', id).execute();
      const deleted = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return null;
      return images;
    }, (r) => Array.isArray(r));
  }
}
