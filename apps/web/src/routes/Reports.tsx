import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  CATEGORY_CODES,
  FOLLOW_UI,
  INDIAN_STATES,
  MY_POSTS_UI,
  NAMES,
  POST_UI,
  PROGRESS_ORDER,
  PUBLIC_POST_UI,
  REPORTS_UI,
  type Category,
  type IndianState,
  type ProgressState,
  type PublicPostCard,
} from '@civicpulse/shared';
import { call } from '../api/client';
import { Field, SelectField } from '../components/form/Field';
import { CategoryBadge } from '../components/posts/Category';
import { formatLocation, progressBesideStatus, statusName } from '../components/posts/PostCard';
import { TimeAgo } from '../components/posts/time';
import { usePageTitle } from '../components/usePageTitle';
import { useAddressParams } from '../components/useAddressParams';
import type { MapSpot } from '../components/map/ReportsMap';
import { useFormProblem } from '../components/useFormProblem';
import { useLocalized } from '../i18n';

// Leaflet and Supercluster load with the map, after the list's code.
const ReportsMap = lazy(() => import('../components/map/ReportsMap'));

type Sort = keyof typeof REPORTS_UI.sorts;
const SORTS = Object.keys(REPORTS_UI.sorts) as Sort[];
const PAGE = 20;
/** Short pages read on without asking, at first (see readOn). */
const AUTO_READS = 8;

/** The filters and the map's place live in the address (?q=&category=&progress=&state=&city=&pincode=&sort=&map=), so a view can be shared. */
function useFilters() {
  // Each change builds on the last one made, even before the router has drawn it (useAddressParams):
  // the map's moves and a filter picked in the same moment both stay.
  const [params, setParams] = useAddressParams();
  const category = CATEGORY_CODES.find((c) => c === params.get('category'));
  const progress = PROGRESS_ORDER.find((p) => p === params.get('progress'));
  const state = INDIAN_STATES.find((s) => s === params.get('state'));
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const q = (params.get('q') ?? '').slice(0, 100);
  const city = (params.get('city') ?? '').slice(0, 100);
  const pincode = PINCODE.test(params.get('pincode') ?? '') ? params.get('pincode')! : '';
  type Next = { q?: string; category?: Category | ''; progress?: ProgressState | ''; state?: IndianState | ''; city?: string; pincode?: string; sort?: Sort };
  const set = (next: Next) =>
    setParams((p) => {
      for (const [key, value] of Object.entries(next)) {
        const kept = key === 'sort' && value === 'newest' ? '' : (value ?? '').trim();
        if (kept) p.set(key, kept);
        else p.delete(key);
      }
    });
  const map = parseSpot(params.get('map'));
  /** The map's place joins the address without a history entry, keeping the filters. */
  const setMap = (spot: MapSpot) => setParams((p) => p.set('map', `${spot.lat.toFixed(4)},${spot.lng.toFixed(4)},${spot.zoom}`));
  return { q, category, progress, state, city, pincode, sort, map, set, setMap, any: Boolean(q || category || progress || state || city || pincode) };
}

/** `map=lat,lng,zoom` from the address, when it is one. */
function parseSpot(text: string | null): MapSpot | undefined {
  const [lat, lng, zoom] = (text ?? '').split(',').map(Number);
  if (lat === undefined || lng === undefined || zoom === undefined || ![lat, lng, zoom].every(Number.isFinite)) return undefined;
  if (Math.abs(lat) > 85 || Math.abs(lng) > 180 || zoom < 3 || zoom > 18) return undefined;
  return { lat, lng, zoom: Math.round(zoom) };
}

/** The server's filter (PINCODE_PATTERN): six digits, the first 1 to 9. */
const PINCODE = /^[1-9]\d{5}$/;

function ReportRow({ post }: { post: PublicPostCard }) {
  const ui = useLocalized(POST_UI);
  const names = useLocalized(NAMES);
  const country = useLocalized(MY_POSTS_UI).countryIndia;
  const pub = useLocalized(PUBLIC_POST_UI);
  const follow = useLocalized(FOLLOW_UI);
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
        {/* A progress that reads as the status (an untouched report's "Open"): said once (progressBesideStatus). */}
        {progressBesideStatus(post, names) !== null && <> · {progressBesideStatus(post, names)}</>} · {formatLocation(post.location, false, names, country)}
      </p>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        {pub.upvotes(post.upvoteCount)} · {pub.downvotes(post.downvoteCount)} · {pub.comments(post.commentCount)} · {follow.followers(post.followerCount)}
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
  const [draft, setDraft] = useState({ q: filters.q, city: filters.city, pincode: filters.pincode });
  const problem = useFormProblem<'pincode'>();
  const reports = useInfiniteQuery({
    queryKey: ['posts', 'public', 'list', filters.q, filters.category ?? '', filters.progress ?? '', filters.state ?? '', filters.city, filters.pincode, filters.sort] as const,
    queryFn: ({ pageParam, signal }) =>
      call('GET /api/public/posts', {
        query: {
          q: filters.q || undefined,
          category: filters.category,
          progress: filters.progress,
          state: filters.state,
          city: filters.city || undefined,
          pincode: filters.pincode || undefined,
          sort: filters.sort,
          limit: PAGE,
          cursor: pageParam || undefined,
        },
        auth: false,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const posts = reports.data?.pages.flatMap((p) => p.posts) ?? [];
  // Words, or several filters together, are checked report by report, a capped number per request: a
  // page can come back short with a cursor where the reading stopped. Read on by itself a few times
  // to fill the first screen; past that, the button offers to search further.
  const pagesRead = reports.data?.pages.length ?? 0;
  const readOn = reports.hasNextPage && !reports.isFetching && !reports.isError && posts.length < PAGE && pagesRead < AUTO_READS;
  useEffect(() => {
    if (readOn) void reports.fetchNextPage();
  }, [readOn, reports]);
  const searching = reports.hasNextPage && posts.length === 0;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const pincode = draft.pincode.trim();
    if (pincode && !PINCODE.test(pincode)) return problem.report(ui.pincodeInvalid, ['pincode']);
    problem.clear();
    filters.set({ q: draft.q, city: draft.city, pincode });
  };

  return (
    <div className="page max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{ui.heading}</h1>
      <p className="mt-2 text-slate-700">{ui.intro}</p>
      <section className="card mt-6 overflow-hidden" aria-labelledby="reports-map-heading">
        <h2 id="reports-map-heading" className="sr-only">
          {ui.map}
        </h2>
        {/* isolate: Leaflet's panes and controls (z-index 400–1000) stay inside the map, under the sticky header. */}
        <div className="relative isolate z-0 h-72 sm:h-96" data-testid="reports-map">
          <Suspense fallback={<p className="p-4 text-slate-700">{ui.loading}</p>}>
            <ReportsMap category={filters.category} progress={filters.progress} start={filters.map} onMove={filters.setMap} />
          </Suspense>
        </div>
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">{ui.mapHint}</p>
      </section>

      <form className="card mt-6 grid gap-4 p-4 sm:grid-cols-2" onSubmit={search} role="search" ref={problem.formRef} noValidate>
        <Field
          className="sm:col-span-2"
          label={ui.search}
          name="q"
          type="search"
          maxLength={100}
          placeholder={ui.searchPlaceholder}
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <Field label={ui.city} name="city" maxLength={100} autoComplete="address-level2" value={draft.city} onChange={(e) => setDraft({ ...draft, city: e.target.value })} />
        <Field
          label={ui.pincode}
          name="pincode"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          problem={problem.field('pincode')}
          value={draft.pincode}
          onChange={(e) => {
            problem.fix('pincode');
            setDraft({ ...draft, pincode: e.target.value });
          }}
        />
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className="btn-primary">
            {ui.apply}
          </button>
        </div>
        <SelectField
          label={ui.state}
          name="state"
          value={filters.state ?? ''}
          onChange={(v) => filters.set({ state: v as IndianState | '' })}
          emptyLabel={ui.anyState}
          options={INDIAN_STATES.map((s) => ({ value: s, label: names.states[s] }))}
        />
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
        {reports.isSuccess && searching && !readOn && !reports.isFetching && <p className="card p-6 text-center text-slate-700">{ui.searchedSoFar}</p>}
        {reports.isSuccess && posts.length === 0 && !reports.hasNextPage && (
          <div className="card p-6 text-center">
            <p className="text-slate-700">{ui.empty}</p>
            {filters.any && (
              <button
                type="button"
                className="btn-secondary mt-3"
                onClick={() => {
                  setDraft({ q: '', city: '', pincode: '' });
                  filters.set({ q: '', category: '', progress: '', state: '', city: '', pincode: '' });
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
              {searching ? ui.searchFurther : ui.loadMore}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
