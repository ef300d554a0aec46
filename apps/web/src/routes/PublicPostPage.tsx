import { Link, useLocation, useParams } from 'react-router-dom';
import { GOV_UI, MY_POSTS_UI, NAMES, POST_UI, PUBLIC_POST_UI, REPORTS_UI } from '@civicpulse/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { MapView } from '../components/map/MapView';
import { CategoryBadge } from '../components/posts/Category';
import { DuplicateBanner } from '../components/posts/DuplicateBanner';
import { ImageGrid } from '../components/posts/ImageGrid';
import { formatLocation, progressBesideStatus, statusName } from '../components/posts/PostCard';
import { PostQueryState } from '../components/posts/PostQueryState';
import { PriorityChip } from '../components/posts/PriorityChip';
import { TimeAgo } from '../components/posts/time';
import { FinalProof } from '../components/timeline';
import { TimelineList } from '../components/timeline/TimelineList';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized } from '../i18n';
import type { ReturnTo } from '../lib/returnTo';

/** The report without its people (here, not in api/posts.ts: only this page, loaded on demand, reads it). */
function usePublicPost(id: string) {
  return useQuery({
    queryKey: ['posts', 'public', id] as const,
    queryFn: ({ signal }) => call('GET /api/public/posts/:id', { params: { id }, signal }).then((a) => a.post),
    retry: false,
  });
}

/**
 * /post/{postId} for a visitor without an account (public reports): the report, its photos, where it
 * is, its status and its timeline, read-only, with no person in it (the server answers no reporter, no
 * comments, a rounded pin while open). "Sign in to vote and comment" goes to /login and comes back here.
 */
export default function PublicPostPage() {
  const ui = useLocalized(POST_UI);
  const pub = useLocalized(PUBLIC_POST_UI);
  const reportsUi = useLocalized(REPORTS_UI);
  const gov = useLocalized(GOV_UI);
  const names = useLocalized(NAMES);
  const countryName = useLocalized(MY_POSTS_UI).countryIndia;
  usePageTitle(ui.postHeading);
  const { postId = '' } = useParams();
  const location = useLocation();
  const post = usePublicPost(postId);
  const back: ReturnTo = { from: location.pathname };

  return (
    <div className="page max-w-3xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{ui.postHeading}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/reports" className="text-sm font-semibold text-brand-700 hover:underline">
            {reportsUi.allReports}
          </Link>
          <Link to="/login" state={back} className="btn-primary" data-testid="sign-in-to-take-part">
            {pub.signInToTakePart}
          </Link>
        </div>
      </div>
      <DuplicateBanner duplicateOf={post.data?.duplicateOf} />
      <div className="mt-6">
        <PostQueryState post={post}>
          {(data) => (
            <article className="card p-4 sm:p-6" aria-label={data.caption} data-testid="public-post" data-post-id={data._id}>
              <h2 className="text-lg leading-snug font-semibold break-words text-slate-900">{data.caption}</h2>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <TimeAgo iso={data.createdAt} />
                <span className="text-slate-700 tabular-nums" data-testid="post-reference">
                  {ui.reference(data.reference)}
                </span>
                <CategoryBadge category={data.category} />
              </p>
              {data.images.length > 0 && (
                <div className="mt-4">
                  <ImageGrid images={data.images} priority />
                </div>
              )}
              <p className="mt-4 text-sm text-slate-700">{pub.reportedByResident}</p>
              {/* The card's facts list (PostCard), written again: sharing it as a component put the feed's first
                  paint 0.1 KB over its budget (measured); fold it in once the first paint has room. */}
              <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                <div className="flex items-center gap-2">
                  <dt className="font-medium text-slate-600">{ui.priority}:</dt>
                  <dd>
                    <PriorityChip priority={data.priority} />
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <dt className="font-medium text-slate-600">{ui.status}:</dt>
                  <dd className="font-semibold text-slate-900">{statusName(data, names)}</dd>
                </div>
                {progressBesideStatus(data, names) !== null && (
                  <div className="flex items-center gap-2">
                    <dt className="font-medium text-slate-600">{ui.progress}:</dt>
                    <dd className="font-semibold text-slate-900">{progressBesideStatus(data, names)}</dd>
                  </div>
                )}
                <div className="flex gap-2 sm:col-span-3">
                  <dt className="shrink-0 font-medium text-slate-600">{ui.location}:</dt>
                  <dd className="break-words text-slate-900">{formatLocation(data.location, true, names, countryName)}</dd>
                </div>
              </dl>
              <MapView
                lat={data.location.coordinates.lat}
                lng={data.location.coordinates.lng}
                className="mt-4"
                eager
                label={ui.mapLabelFor(data.caption)}
              />
              {data.progressState !== 'Finished' && <p className="mt-1 text-xs text-slate-600">{pub.approximatePin}</p>}
              <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-700" data-testid="public-counts">
                {pub.upvotes(data.upvoteCount)} · {pub.downvotes(data.downvoteCount)} · {pub.comments(data.commentCount)}
              </p>
              <FinalProof post={data} className="mt-4" />
              <section aria-labelledby="public-timeline" className="mt-4">
                <h3 id="public-timeline" className="mb-3 text-base font-semibold text-slate-900">
                  {gov.timelineHeading}
                </h3>
                <TimelineList post={{ createdAt: data.createdAt }} history={data.history} />
              </section>
            </article>
          )}
        </PostQueryState>
      </div>
    </div>
  );
}
