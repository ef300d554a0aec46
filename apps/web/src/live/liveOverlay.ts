/**
 * Live updates outlive the loads that were already under way when they came. A list that
 * started loading before a vote, and whose answer lands after the vote's `post_update`, would put the
 * old counts back on screen until the next change (seen in notifications.spec: back on the feed, the
 * feed reloads while the neighbour's downvote comes live; the reload answered after it, with the
 * upvote). So each load of a post query remembers how many live updates had come when it started,
 * and when its answer lands, the updates that came since are applied to that query again.
 *
 * Updates come in the order of the writes, so the last one applied is the newest state: a load that
 * read a later state than an update it gets again shows that update's counts only until the later
 * write's own update arrives. Updates are kept for `keepMs` (longer than any load runs) and at most
 * `keepMax` posts (the oldest go first).
 */
import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';
import type { PostUpdate } from '@civicpulse/shared';

export interface LiveOverlayOptions<T> {
  /** Applies one update to the queries `filters` match (the same patch the live event made). */
  apply: (update: T, filters: QueryFilters) => void;
  /** Which queries the updates are for (posts, the bell's list). */
  matches: (queryKey: readonly unknown[]) => boolean;
  /** What a newer update replaces: a post's last update stands for all of its earlier ones (the default, by postId). */
  keyOf?: (update: T) => string;
  keepMs?: number;
  keepMax?: number;
  now?: () => number;
}

interface Kept<T> {
  seq: number;
  at: number;
  update: T;
}

export interface LiveOverlay<T> {
  /** A live update was just applied to every query: loads under way get it again when they land. */
  record(update: T): void;
  stop(): void;
}

export function liveOverlay<T = PostUpdate>(client: QueryClient, options: LiveOverlayOptions<T>): LiveOverlay<T> {
  const { apply, matches, keepMs = 120_000, keepMax = 500, now = Date.now } = options;
  const keyOf = options.keyOf ?? ((update: T) => (update as PostUpdate).postId);
  let seq = 0;
  /** The last update of each post, in the order they came (a post's newer update moves it last). */
  const kept = new Map<string, Kept<T>>();
  /** For each load under way: how many updates had come when it started. */
  const startedAt = new WeakMap<Query, number>();

  const prune = (): void => {
    const oldest = now() - keepMs;
    for (const [postId, entry] of kept) {
      if (kept.size <= keepMax && entry.at >= oldest) break;
      kept.delete(postId);
    }
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !matches(event.query.queryKey)) return;
    const { query, action } = event;
    if (action.type === 'fetch') {
      // A load that joins or replaces one under way keeps the earlier start (more updates again is safe).
      if (!startedAt.has(query)) startedAt.set(query, seq);
      return;
    }
    if (action.type === 'error') startedAt.delete(query);
    if (action.type !== 'success' || action.manual) return;
    const from = startedAt.get(query);
    startedAt.delete(query);
    if (from === undefined || from === seq) return;
    prune();
    const filters: QueryFilters = { queryKey: query.queryKey, exact: true };
    for (const entry of kept.values()) if (entry.seq > from) apply(entry.update, filters);
  });

  return {
    record(update) {
      seq++;
      const key = keyOf(update);
      kept.delete(key);
      kept.set(key, { seq, at: now(), update });
      prune();
    },
    stop: unsubscribe,
  };
}
