import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CATEGORY_CODES, MY_POSTS_UI, NAMES, POST_UI, PROGRESS_ORDER, PUBLIC_POST_UI, REPORTS_UI, type Category, type ProgressState, type PublicPostCard } from '@civicpulse/shared';
import { call } from '../api/client';
import { Field, SelectField } from '../components/form/Field';
import { CategoryBadge } from '../components/posts/Category';
import { formatLocation, statusName } from '../components/posts/PostCard';
import { TimeAgo } from '../components/posts/time';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized } from '../i18n';

type Sort = keyof typeof REPORTS_UI.sorts;
const SORTS = Object.keys(REPORTS_UI.sorts) as Sort[];
const PAGE = 20;

/** The filters live in the address (?q=&category=&progress=&sort=), so a filtered list can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const category = CATEGORY_CODES.find((c) => c === params.get('category'));
  const progress = PROGRESS_ORDER.find((p) => p === params.get('progress'));
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const q = (params.get('q') ?? '').slice(0, 100);
  const set = (next: { q?: string; category?: Category | ''; progress?: ProgressState | ''; sort?: Sort }) => {
    const merged = { q, category: category ?? '', progress: progress ?? '', sort, ...next };
    const out = new URLSearchParams();
    if (merged.q.trim()) out.set('q', merged.q.trim());
    if (merged.category) out.set('category', merged.category);
    if (merged.progress) out.set('progress', merged.progress);
    if (merged.sort !== 'newest') out.set('sort', merged.sort);
    setParams(out, { replace: true });
  };
  return { q, category, progress, sort, set, any: Boolean(q || category || progress) };
}

function ReportRow({ post }: { post: PublicPostCard }) {
  const ui = useLocalized(POST_UI);
  const names = useLocalized(NAMES);
  const country = useLocalized(MY_POSTS_UI).countryIndia;
  const pub = useLocalized(PUBLIC_POST_UI);
  return (
    <li className="card p-4" data-testid="report-row" data-post-id={post._id}>
      <h2 className="text-base leading-snug font-semibold break-words text-slate-900">
        <Link to={`/post/${post._id}`} className="hover:underline">
          {post.caption}
        </Link>
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <TimeAgo iso={post.createdAt} />
        <span className="tabular-nums">{ui.reference(post.reference)}</span>
        <CategoryBadge category={post.category} />
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{statusName(post, names)}</span>
        {/* An untouched report's progress reads "Open" too: said once. */}
        {post.progressState !== 'Unseen' && <> · {names.progress[post.progressState] ?? post.progressState}</>} · {formatLocation(post.location, false, names, country)}
      </p>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        {pub.upvotes(post.upvoteCount)} · {pub.downvotes(post.downvoteCount)} · {pub.comments(post.commentCount)}
      </p>
    </li>
  );
}

/**
 * /reports (public reports): every report for anyone, signed in or not, newest first; searchable by
 * words or a reference number, filtered by category and progress, sorted, and paged by the server's
 * cursor ("Load more"). Each report links to its page (the public view for visitors).
 */
export default function Reports() {
  const ui = useLocalized(REPORTS_UI);
  const names = useLocalized(NAMES);
  usePageTitle(ui.heading);
  const filters = useFilters();
  const [draft, setDraft] = useState(filters.q);
  const reports = useInfiniteQuery({
    queryKey: ['posts', 'public', 'list', filters.q, filters.category ?? '', filters.progress ?? '', filters.sort] as const,
    queryFn: ({ pageParam, signal }) =>
      call('GET /api/public/posts', {
        query: { q: filters.q || undefined, category: filters.category, progress: filters.progress, sort: filters.sort, limit: PAGE, cursor: pageParam || undefined },
        auth: false,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const posts = reports.data?.pages.flatMap((p) => p.posts) ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    filters.set({ q: draft });
  };

  return (
    <div className="page max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{ui.heading}</h1>
      <p className="mt-2 text-slate-700">{ui.intro}</p>
      <form className="card mt-6 grid gap-4 p-4 sm:grid-cols-2" onSubmit={search} role="search">
        <div className="flex items-end gap-2 sm:col-span-2">
          <Field
            className="flex-1"
            label={ui.search}
            name="q"
            type="search"
            maxLength={100}
            placeholder={ui.searchPlaceholder}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn-primary">
            {ui.apply}
          </button>
        </div>
        <SelectField
          label={ui.category}
          name="category"
          value={filters.category ?? ''}
          onChange={(v) => filters.set({ category: v as Category | '' })}
          emptyLabel={ui.anyCategory}
          options={CATEGORY_CODES.map((c) => ({ value: c, label: names.categories[c].name }))}
        />
        <SelectField
          label={ui.progress}
          name="progress"
          value={filters.progress ?? ''}
          onChange={(v) => filters.set({ progress: v as ProgressState | '' })}
          emptyLabel={ui.anyProgress}
          options={PROGRESS_ORDER.map((p) => ({ value: p, label: names.progress[p] ?? p }))}
        />
        <SelectField
          label={ui.sort}
          name="sort"
          value={filters.sort}
          onChange={(v) => filters.set({ sort: v as Sort })}
          options={SORTS.map((s) => ({ value: s, label: ui.sorts[s] }))}
        />
      </form>

      <div className="mt-6" aria-live="polite" aria-busy={reports.isFetching}>
        {reports.isPending && <p className="text-slate-700">{ui.loading}</p>}
        {reports.isError && (
          <p className="text-red-700" role="alert">
            {ui.failed}
          </p>
        )}
        {reports.isSuccess && posts.length === 0 && (
          <div className="card p-6 text-center">
            <p className="text-slate-700">{ui.empty}</p>
            {filters.any && (
              <button
                type="button"
                className="btn-secondary mt-3"
                onClick={() => {
                  setDraft('');
                  filters.set({ q: '', category: '', progress: '' });
                }}
              >
                {ui.clearFilters}
              </button>
            )}
          </div>
        )}
        {posts.length > 0 && (
          <ul className="space-y-3" aria-label={ui.listLabel}>
            {posts.map((p) => (
              <ReportRow key={p._id} post={p} />
            ))}
          </ul>
        )}
        {reports.hasNextPage && (
          <div className="mt-4 text-center">
            <button type="button" className="btn-secondary" disabled={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
              {ui.loadMore}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
