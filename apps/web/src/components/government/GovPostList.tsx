import { useEffect, useMemo, type ReactNode } from 'react';
import toast from '../../toast';
import { GOV_SORT_OPTIONS, GOV_UI, PRIORITIES, TEAM_UI, TEXTS, isCategory, type GovScope, type PostSort, type Priority } from '@civicpulse/shared';
import { errorMessage } from '../../api/client';
import { useGovMe, useGovPosts, type GovFilters } from '../../api/government';
import { EmptyState } from '../EmptyState';
import { PostListSkeleton } from '../posts/PostListSkeleton';
import { FilterBar } from './FilterBar';
import { GovPostCard } from './GovPostCard';
import { QueueTable } from './QueueTable';
import { PendingVerificationBanner } from './PendingVerificationBanner';
import { AreaFilterBar } from './AreaFilterBar';
import { useAddressParams } from '../useAddressParams';
import { localized, useLocalized } from '../../i18n';

export interface GovPostListProps {
  scope: GovScope;
  heading: string;
  intro: string;
  emptyText: string;
  /** Shown between the intro and the filters (View Progress's queue choice). */
  above?: ReactNode;
}

/** Filters live in the address (?priority=&sort=&category=), so a reload or a shared link keeps them. */
function useFilters(): [GovFilters, (next: GovFilters) => void] {
  const [params, setParams] = useAddressParams();
  const priorityParam = params.get('priority');
  const sortParam = params.get('sort');
  const categoryParam = params.get('category');
  const areaParam = params.get('area');
  const filters = useMemo<GovFilters>(() => {
    const priority = (PRIORITIES as readonly string[]).includes(priorityParam ?? '') ? (priorityParam as Priority) : null;
    const sort = GOV_SORT_OPTIONS.some((o) => o.value === sortParam) ? (sortParam as PostSort | 'default') : 'default';
    return { priority, sort, category: isCategory(categoryParam) ? categoryParam : null, ...(areaParam === 'all' ? { area: 'all' as const } : {}) };
  }, [priorityParam, sortParam, categoryParam, areaParam]);
  const setFilters = (next: GovFilters) =>
    // View Progress's queue and the cards/table choice (department teams) are not filters: they stay.
    setParams((p) => {
      for (const name of ['priority', 'sort', 'category', 'area']) p.delete(name);
      if (next.priority) p.set('priority', next.priority);
      if (next.sort !== 'default') p.set('sort', next.sort);
      if (next.category) p.set('category', next.category);
      if (next.area === 'all') p.set('area', 'all');
    });
  return [filters, setFilters];
}

/** The three department lists of spec 2.11 (View Issues, View Progress, Resolved Issues). */
export function GovPostList({ scope, heading, intro, emptyText, above }: GovPostListProps) {
  const [filters, setFilters] = useFilters();
  const [params, setParams] = useAddressParams();
  const asTable = params.get('view') === 'table';
  const team = useLocalized(TEAM_UI);
  const setView = (table: boolean) => setParams((p) => (table ? p.set('view', 'table') : p.delete('view')));
  const query = useGovPosts(scope, filters);
  const me = useGovMe();
  const verified = me.data?.isVerified;
  const ui = useLocalized(GOV_UI);
  const texts = useLocalized(TEXTS);

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, localized(TEXTS).errors.fetchPosts), { id: `gov-posts-${scope}` });
  }, [query.isError, query.error, scope]);

  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((p) => p.posts);
  const first = pages[0];
  const counts =
    first && first.total !== undefined && first.matching !== undefined ? { matching: first.matching, total: first.total } : null;

  return (
    <section aria-labelledby="screen-title" className={asTable ? 'max-w-6xl' : 'max-w-3xl'}>
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {heading}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <PendingVerificationBanner className="mt-4" />
      {above}
      {scope === 'unassigned' && (
        <AreaFilterBar
          className="mt-4"
          area={filters.area ?? 'mine'}
          onChange={(area) => {
            const { area: _old, ...rest } = filters;
            setFilters(area === 'all' ? { ...rest, area } : rest);
          }}
        />
      )}
      <div className="mt-4">
        <FilterBar filters={filters} onChange={setFilters} counts={counts} />
      </div>
      <div role="group" aria-label={team.viewLabel} className="mt-3 inline-flex rounded-lg border border-slate-300 bg-white p-0.5" data-testid="view-switch">
        {[false, true].map((table) => (
          <button
            key={String(table)}
            type="button"
            aria-pressed={asTable === table}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${asTable === table ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            onClick={() => setView(table)}
          >
            {table ? team.viewTable : team.viewCards}
          </button>
        ))}
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <PostListSkeleton label={ui.loadingPosts} />
        ) : query.isError ? (
          <EmptyState title={texts.errors.fetchPosts}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void query.refetch()}>
              {ui.retry}
            </button>
          </EmptyState>
        ) : posts.length === 0 ? (
          <EmptyState>{emptyText}</EmptyState>
        ) : (
          <>
            {asTable ? (
              <QueueTable posts={posts} scope={scope} sort={filters.sort} onSort={(sort) => setFilters({ ...filters, sort })} verified={verified} />
            ) : (
              <ul className="space-y-6" data-testid="gov-post-list">
                {posts.map((post) => (
                  <li key={post._id}>
                    <GovPostCard post={post} scope={scope} verified={verified} />
                  </li>
                ))}
              </ul>
            )}
            {query.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? ui.loadingMore : ui.loadMore}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
