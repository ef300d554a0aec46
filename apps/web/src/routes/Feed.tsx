import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from '../toast';
import { DASHBOARD_PATH, POST_CARD_UI, TEXTS, isCategory } from '@civicpulse/shared';
import { useLocalized } from '../i18n';
import { useSession } from '../session/useSession';
import { EmptyState } from '../components/EmptyState';
import { useInfiniteScroll } from '../components/useInfiniteScroll';
import { useAddressParams } from '../components/useAddressParams';
import { CategorySelect } from '../components/posts/Category';
import { CommunityPostCard } from '../components/posts/CommunityPostCard';
import { PostListSkeleton } from '../components/posts/PostListSkeleton';
import { progressChildren } from '../components/timeline';
import { useFeed, type FeedSort } from '../api/posts';
import { errorMessage } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';

/**
 * The Community Posts feed (spec 2.6): everyone's posts but the viewer's own, newest first, 20 at a time.
 * The next page loads when the end of the list scrolls into view; the Load more button does the same for
 * keyboards and browsers without IntersectionObserver.
 *
 * The header narrows it by category and words (the list asks after a short pause) and orders it by the
 * public list's sorts. All three live in the address (?category=&q=&sort=, defaults left out, the entry
 * replaced), so a reload or a shared link keeps them; a change made before the router has drawn the last
 * one builds on it (useAddressParams). A filter that finds nothing says so and offers to
 * clear it. Words are checked post by post, a capped number per request, so a page may come back empty
 * with a cursor: the list then reads on through its Load more sentinel like any short page.
 * (Kept small and in this file: the feed's first paint is on a JavaScript budget, e2e/tests/perf.spec.ts.)
 */
export default function Feed() {
  const ui = useLocalized(POST_CARD_UI);
  const texts = useLocalized(TEXTS);
  usePageTitle(ui.feedHeading);
  const { role } = useSession();
  const [params, setParams] = useAddressParams();
  const change = (next: { q?: string; category?: string; sort?: string }) =>
    setParams((p) => {
      for (const [key, value] of Object.entries(next)) {
        if (value) p.set(key, value);
        else p.delete(key);
      }
    });
  // The box writes the address as one types; the list asks for the words after a short pause.
  const typed = params.get('q') ?? '';
  const [q, setQ] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const category = params.get('category');
  const sort = params.get('sort') as FeedSort;
  // The search's longest is PUBLIC_LIST_LIMITS.searchMaxChars (the schemas stay out of the first paint).
  const filter = { category: isCategory(category) ? category : null, q: q.trim().slice(0, 100), sort: Object.hasOwn(ui.feedSorts, sort ?? '') ? sort : 'newest' };
  const feed = useFeed(role ?? 'user', filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });


  useEffect(() => {
    if (feed.isError) toast.error(errorMessage(feed.error, texts.errors.loadPosts), { id: 'feed-error' });
  }, [feed.isError, feed.error, texts]);

  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <div className="page max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{ui.feedHeading}</h1>
          <p className="mt-1 text-sm text-slate-600">{ui.feedIntro}</p>
        </div>
        {role === 'user' && (
          <Link to={`${DASHBOARD_PATH.user}/createPost`} className="btn-primary">
            {ui.reportIssue}
          </Link>
        )}
      </div>

      <div className="mt-6 grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-[2fr_1fr_1fr] sm:gap-x-4" role="search">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="feed-q" className="field-label">
            {ui.feedSearch}
          </label>
          <input
            id="feed-q"
            type="search"
            className="field-input"
            maxLength={100}
            placeholder={ui.feedSearchPlaceholder}
            value={typed}
            onChange={(e) => change({ q: e.target.value })}
          />
        </div>
        <CategorySelect value={filter.category} onChange={(c) => change({ category: c ?? '' })} />
        <div>
          <label htmlFor="feed-sort" className="field-label">
            {ui.feedSort}
          </label>
          <select id="feed-sort" className="field-input" value={filter.sort} onChange={(e) => change({ sort: e.target.value === 'newest' ? '' : e.target.value })}>
            {Object.entries(ui.feedSorts).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6">
        {feed.isPending ? (
          <PostListSkeleton label={ui.loadingPosts} />
        ) : feed.isError && posts.length === 0 ? (
          <EmptyState title={errorMessage(feed.error, texts.errors.loadPosts)}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void feed.refetch()}>
              {ui.retry}
            </button>
          </EmptyState>
        ) : posts.length === 0 && !hasNextPage && (filter.category || filter.q) ? (
          <EmptyState title={ui.feedNoMatches}>
            <button type="button" className="btn-secondary mt-3" onClick={() => change({ q: '', category: '' })}>
              {ui.clearFilter}
            </button>
          </EmptyState>
        ) : posts.length === 0 && !hasNextPage ? (
          <EmptyState title={texts.empty.posts}>{null}</EmptyState>
        ) : (
          <>
            <ul className="space-y-6">
              {posts.map((post, i) => (
                <li key={post._id}>
                  <CommunityPostCard post={post} priority={i === 0}>
                    {progressChildren(post)}
                  </CommunityPostCard>
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="mt-6 flex min-h-12 flex-col items-center justify-center gap-2" aria-live="polite">
              {hasNextPage ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void fetchNextPage()}
                  disabled={isFetchingNextPage}
                >
                  {isFetchingNextPage ? ui.loadingMore : ui.loadMore}
                </button>
              ) : (
                <p className="text-sm text-slate-600">{ui.endOfFeed}</p>
              )}
              {feed.isFetchNextPageError && (
                <p className="text-sm text-red-700">{errorMessage(feed.error, texts.errors.loadPosts)}</p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
