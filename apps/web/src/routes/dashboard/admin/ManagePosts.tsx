import { useCallback, useEffect, useState } from 'react';
import { ADMIN_TEXTS, ADMIN_UI, LIMITS, NAMES, PROGRESS_ORDER, TEXTS, type Post, type ProgressState } from '@civicpulse/shared';
import { useAdminPosts, useDeleteAdminPost, type AdminPostFilters, type AdminPriority } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListState, queryListProps, runWrite, ScreenHeading, SearchBox, SelectFilter, Toolbar } from '../../../components/admin/AdminList';
import { CategorySelect } from '../../../components/posts/Category';
import { CommunityPostCard } from '../../../components/posts/CommunityPostCard';
import { usePageTitle } from '../../../components/usePageTitle';
import toast from '../../../toast';
import { localized, useLocalized, useTranslation } from '../../../i18n';

/** Requests a search makes by itself while its pages come back short (each reads up to 50,000 posts). */
const AUTO_SEARCH_PAGES = 20;

/** Spec 2.10/2.13: the admin's priority words. */
const ADMIN_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** Manage Posts (spec 2.13): every post with search, priority and progress filters, delete; any comment or reply can be deleted. */
export default function ManagePosts() {
  const { t } = useTranslation('admin');
  const ui = useLocalized(ADMIN_UI);
  const texts = useLocalized(ADMIN_TEXTS);
  const common = useLocalized(TEXTS);
  const names = useLocalized(NAMES);
  usePageTitle(t('titles.managePosts'));
  const priorityOptions = ADMIN_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }));
  const progressOptions = PROGRESS_ORDER.map((p) => ({ value: p, label: names.progress[p] }));
  const [filters, setFilters] = useState<AdminPostFilters>({ q: '', priority: null, progress: null, category: null });
  const query = useAdminPosts(filters);
  const remove = useDeleteAdminPost();
  const [confirming, setConfirming] = useState<Post | null>(null);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q })), []);

  useEffect(() => {
    if (query.isError) toast.error(localized(TEXTS).errors.fetchPosts);
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
      <ScreenHeading title={t('titles.managePosts')} intro={ui.managePostsIntro} />
      <div className="mt-4">
        <Toolbar label={t('list.filters')}>
          <SearchBox label={ui.searchPosts} value={filters.q} onChange={setQ} />
          <SelectFilter<AdminPriority> label={ui.priority} value={filters.priority} options={priorityOptions} onChange={(priority) => setFilters((f) => ({ ...f, priority }))} />
          <SelectFilter<ProgressState> label={ui.progress} value={filters.progress} options={progressOptions} onChange={(progress) => setFilters((f) => ({ ...f, progress }))} />
          <CategorySelect value={filters.category ?? null} onChange={(category) => setFilters((f) => ({ ...f, category }))} />
        </Toolbar>
      </div>
      <div className="mt-6">
        <ListState
          {...queryListProps(query)}
          empty={posts.length === 0 && !searching}
          errorTitle={common.errors.fetchPosts}
          emptyText={ui.emptyPosts}
        >
          {searching && (
            <p role="status" className="mb-4 text-sm text-slate-600">
              {ui.searchingOlder}
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
                      {ui.deletePost}
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
          title={ui.deletePostTitle}
          confirmLabel={ui.deletePost}
          busyLabel={ui.deleting}
          busy={remove.isPending}
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            runWrite(remove, confirming._id, { success: common.success.postDeleted, failure: texts.deletePostFailed }, () => setConfirming(null))
          }
        >
          <p className="font-medium text-slate-900">“{confirming.caption.slice(0, 140)}”</p>
          <p className="mt-2">{ui.deletePostBody(confirming.commentCount ?? confirming.comments.length, confirming.upvoteCount ?? 0, confirming.downvoteCount ?? 0)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
