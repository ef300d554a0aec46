import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from '../toast';
import { DASHBOARD_PATH, POST_UI, TEXTS, type Category } from '@civicpulse/shared';
import { useLocalized } from '../i18n';
import { useSession } from '../session/useSession';
import { EmptyState } from '../components/EmptyState';
import { useInfiniteScroll } from '../components/useInfiniteScroll';
import { CategorySelect } from '../components/posts/Category';
import { CommunityPostCard } from '../components/posts/CommunityPostCard';
import { PostListSkeleton } from '../components/posts/PostListSkeleton';
import { progressChildren } from '../components/timeline';
import { useFeed } from '../api/posts';
import { errorMessage } from '../api/client';
import { usePageTitle } from '../components/usePageTitle';

/**
 * The Community Posts feed (spec 2.6): everyone's posts but the viewer's own, newest first, 20 at a time.
 * The next page loads when the end of the list scrolls into view; the Load more button does the same for
 * keyboards and browsers without IntersectionObserver.
 */
export default function Feed() {
  const ui = useLocalized(POST_UI);
  const texts = useLocalized(TEXTS);
  usePageTitle(ui.feedHeading);
  const { role } = useSession();
  const [category, setCategory] = useState<Category | null>(null);
  const feed = useFeed(role ?? 'user', category);
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

      <div className="mt-6 max-w-xs">
        <CategorySelect value={category} onChange={setCategory} />
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
        ) : posts.length === 0 ? (
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
