import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from '../../../toast';
import { DASHBOARD_PATH, MY_POSTS_UI, POST_UI, TEXTS, type Post } from '@civicpulse/shared';
import { EmptyState } from '../../../components/EmptyState';
import { useInfiniteScroll } from '../../../components/useInfiniteScroll';
import { PostListSkeleton } from '../../../components/posts/PostListSkeleton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EditPostModal } from '../../../components/myposts/EditPostModal';
import { MyPostCard } from '../../../components/myposts/MyPostCard';
import { MyPostsFilters } from '../../../components/myposts/MyPostsFilters';
import {
  DEFAULT_MY_POSTS_FILTERS,
  hasActiveFilters,
  useDeletePost,
  useMyPosts,
  type MyPostsFilters as Filters,
} from '../../../api/myPosts';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized } from '../../../i18n';

/** The value after it has stopped changing for `ms` (typing "12" asks the server once, not twice). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * My Issues (spec 2.10): the citizen's own reports, filtered and sorted on the server, 20 at a time, with
 * edit, delete (after a confirmation) and the verdict on a resolution.
 */
export default function UserPosts() {
  const ui = useLocalized(MY_POSTS_UI);
  const postUi = useLocalized(POST_UI);
  const texts = useLocalized(TEXTS);
  usePageTitle(ui.heading);
  const [filters, setFilters] = useState<Filters>(DEFAULT_MY_POSTS_FILTERS);
  const minUpvotes = useDebounced(filters.minUpvotes, 300);
  const minDownvotes = useDebounced(filters.minDownvotes, 300);
  const queryFilters = useMemo<Filters>(
    () => ({ sort: filters.sort, priority: filters.priority, category: filters.category, minUpvotes, minDownvotes }),
    [filters.sort, filters.priority, filters.category, minUpvotes, minDownvotes],
  );
  const list = useMyPosts(queryFilters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const remove = useDeletePost();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (list.isError) toast.error(texts.errors.fetchYourPosts, { id: 'my-posts-error' });
  }, [list.isError, texts]);

  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });

  const posts = list.data?.pages.flatMap((page) => page.posts) ?? [];
  const filtered = hasActiveFilters(queryFilters);
  const clear = () => setFilters(DEFAULT_MY_POSTS_FILTERS);
  // Nothing to count when the citizen has no reports at all: the empty state says so.
  const summary =
    list.isPending ? ui.loading
    : list.isError || (posts.length === 0 && !filtered) ? undefined
    : ui.showing(posts.length, Boolean(hasNextPage));
  const createHref = `${DASHBOARD_PATH.user}/createPost`;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        setDeleting(null);
        // The card (and its Delete button) is gone: put focus somewhere sensible for keyboard users.
        requestAnimationFrame(() => heading.current?.focus());
      },
    });
  };

  return (
    <section aria-labelledby="my-issues-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 ref={heading} id="my-issues-title" tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
            {ui.heading}
          </h1>
          <p className="mt-1 max-w-2xl text-sm leading-6 text-slate-700">{ui.intro}</p>
        </div>
        <Link to={createHref} className="btn-primary">
          {ui.reportIssue}
        </Link>
      </div>

      <div className="mt-6">
        <MyPostsFilters value={filters} onChange={setFilters} onClear={clear} summary={summary} />
      </div>

      <div className="mt-6" aria-busy={list.isFetching && !list.isFetchingNextPage}>
        {list.isPending ? (
          <PostListSkeleton label={ui.loading} />
        ) : list.isError && posts.length === 0 ? (
          <EmptyState title={texts.errors.fetchYourPosts}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void list.refetch()}>
              {postUi.retry}
            </button>
          </EmptyState>
        ) : posts.length === 0 ? (
          filtered ? (
            <div data-testid="my-posts-no-match">
              <EmptyState title={ui.noMatchTitle}>
                <p>{ui.noMatchBody}</p>
                <button type="button" className="btn-secondary mt-4" onClick={clear}>
                  {ui.clearFilters}
                </button>
              </EmptyState>
            </div>
          ) : (
            <div data-testid="my-posts-empty">
              <EmptyState title={ui.emptyTitle}>
                <p>{ui.emptyBody}</p>
                <Link to={createHref} className="btn-primary mt-4">
                  {ui.emptyAction}
                </Link>
              </EmptyState>
            </div>
          )
        ) : (
          <>
            <ul className={`space-y-6 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {posts.map((post) => (
                <li key={post._id}>
                  <MyPostCard post={post} onEdit={setEditing} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="mt-6 flex min-h-12 flex-col items-center justify-center gap-2" aria-live="polite">
              {hasNextPage && (
                <button type="button" className="btn-secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? postUi.loadingMore : postUi.loadMore}
                </button>
              )}
              {list.isFetchNextPageError && <p className="text-sm text-red-700">{texts.errors.fetchYourPosts}</p>}
            </div>
          </>
        )}
      </div>

      {editing && <EditPostModal key={editing._id} post={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={ui.deleteHeading}
          confirmLabel={ui.deleteConfirm}
          busyLabel={ui.deleting}
          busy={remove.isPending}
          danger
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          {ui.deleteBody(deleting.caption.trim() || postUi.noCaption)}
        </ConfirmDialog>
      )}
    </section>
  );
}
