import type { Kysely } from 'kysely';

/**
 * Issue 16 item 4, measured at 1M posts and 1,000 departments (bench:jurisdiction): a whole-state
 * department's View Issues filtered to one priority and sorted by votes took 4.5x the feed (68 ms vs
 * 15 ms p50). Migration 013 gave each order and each filter its own (department, key, post) index, so
 * "High priority, most upvoted" walked the department's vote index and skipped other priorities row by
 * row; when the most-voted routes are of other priorities (they were in the bench's seed, and nothing
 * stops it in a real city), the walk reads thousands of routes for one page.
 *
 * Now each filter key has an index per vote order too, (department, key, votes, post): a filtered,
 * vote-sorted page is one index range, read in order, whatever the data. Newest/oldest with a filter
 * already were (post_id is the last column of the filter's index). Four more indexes on post_routes
 * cost a vote four more index updates per route of the post (about six routes at the bench's scale).
 */
const INDEXES: Array<[name: string, columns: string[]]> = [
  ['post_routes_priority_up', ['department_id', 'priority', 'upvote_count', 'post_id']],
  ['post_routes_priority_down', ['department_id', 'priority', 'downvote_count', 'post_id']],
  ['post_routes_category_up', ['department_id', 'category', 'upvote_count', 'post_id']],
  ['post_routes_category_down', ['department_id', 'category', 'downvote_count', 'post_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('post_routes').columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
