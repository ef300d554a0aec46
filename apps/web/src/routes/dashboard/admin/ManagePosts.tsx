import { useCallback, useEffect, useState } from 'react';
import { ADMIN_TEXTS, ADMIN_UI, LIMITS, PROGRESS_ORDER, TEXTS, progressLabel, type Post, type ProgressState } from '@civicpulse/shared';
import { useAdminPosts, useDeleteAdminPost, type AdminPostFilters, type AdminPriority } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListState, queryListProps, runWrite, ScreenHeading, SearchBox, SelectFilter, Toolbar } from '../../../components/admin/AdminList';
import { CategorySelect } from '../../../components/posts/Category';
import { CommunityPostCard } from '../../../components/posts/CommunityPostCard';
import { usePageTitle } from '../../../components/usePageTitle';
import toast from '../../../toast';

/** Requests a search makes by itself while its pages come back short (each reads up to 50,000 posts). */
const AUTO_SEARCH_PAGES = 20;

/** Spec 2.10/2.13: the admin's priority words. */
const PRIORITY_OPTIONS = (['low', 'medium', 'high', 'urgent'] as const).map((p) => ({ value: p, label: p }));
const PROGRESS_OPTIONS = PROGRESS_ORDER.map((p) => ({ value: p, label: progressLabel(p) }));

/** Manage Posts (spec 2.13): every post with search, priority and progress filters, delete; any comment or reply can be deleted. */
export default function ManagePosts() {
  usePageTitle('Manage Posts');
  const [filters, setFilters] = useState<AdminPostFilters>({ q: '', priority: null, progress: null, category: null });
  const query = useAdminPosts(filters);
  const remove = useDeleteAdminPost();
  const [confirming, setConfirming] = useState<Post | null>(null);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q })), []);

  useEffect(() => {
    if (query.isError) toast.error(TEXTS.errors.fetchPosts);
  }, [query.isError]);

  const posts = query.data?.pages.flatMap((p) => p.posts) ?? [];
  // A search reads a bounded slice of the posts per request: while the pages come back short, the
  // screen asks for the next slice by itself (a few times), so a rare word still fills the list.
  const pages = query.data?.pages ?? [];
  const lastShort = pages.length > 0 && pages[pages.length - 1]!.posts.length < LIMITS.feedPageSize;
  const searching = filters.q.trim() !== '' && lastShort && query.hasNextPage && pages.length < AUTO_SEARCH_PAGES;
  const { fetchNextPage, isFetching } = query;
  useEffect(() => {
    if (searching && !isFetching) void fetchNextPage();
  }, [searching, isFetching, fetchNextPage]);

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title="Manage Posts" intro={ADMIN_UI.managePostsIntro} />
      <div className="mt-4">
        <Toolbar label="Filters">
          <SearchBox label={ADMIN_UI.searchPosts} value={filters.q} onChange={setQ} />
          <SelectFilter<AdminPriority> label={ADMIN_UI.priority} value={filters.priority} options={PRIORITY_OPTIONS} onChange={(priority) => setFilters((f) => ({ ...f, priority }))} />
          <SelectFilter<ProgressState> label={ADMIN_UI.progress} value={filters.progress} options={PROGRESS_OPTIONS} onChange={(progress) => setFilters((f) => ({ ...f, progress }))} />
          <CategorySelect value={filters.category ?? null} onChange={(category) => setFilters((f) => ({ ...f, category }))} />
        </Toolbar>
      </div>
      <div className="mt-6">
        <ListState
          {...queryListProps(query)}
          empty={posts.length === 0 && !searching}
          errorTitle={TEXTS.errors.fetchPosts}
          emptyText={ADMIN_UI.emptyPosts}
        >
          {searching && (
            <p role="status" className="mb-4 text-sm text-slate-600">
              {ADMIN_UI.searchingOlder}
            </p>
          )}
          <ul className="space-y-6" data-testid="admin-posts">
            {posts.map((post, i) => (
              <li key={post._id}>
                <CommunityPostCard
                  post={post}
                  priority={i === 0}
                  showAuthorEmail
                  showMap={false}
                  actions={
                    <button type="button" className="btn-ghost border border-red-200 text-red-800 hover:bg-red-50" onClick={() => setConfirming(post)}>
                      {ADMIN_UI.deletePost}
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {confirming && (
        <ConfirmDialog
          title={ADMIN_UI.deletePostTitle}
          confirmLabel={ADMIN_UI.deletePost}
          busyLabel={ADMIN_UI.deleting}
          busy={remove.isPending}
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            runWrite(remove, confirming._id, { success: TEXTS.success.postDeleted, failure: ADMIN_TEXTS.deletePostFailed }, () => setConfirming(null))
          }
        >
          <p className="font-medium text-slate-900">“{confirming.caption.slice(0, 140)}”</p>
          <p className="mt-2">{ADMIN_UI.deletePostBody(confirming.commentCount ?? confirming.comments.length, confirming.upvoteCount ?? 0, confirming.downvoteCount ?? 0)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
