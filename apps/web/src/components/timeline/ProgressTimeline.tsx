import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TIMELINE_UI, type Post } from '@civicpulse/shared';
import { fetchPost, postKeys } from '../../api/posts';
import { textsReady, useLocalized } from '../../i18n';

/**
 * The entries' list, its own chunk: a feed of cards shows only the toggle until one is opened. It waits
 * for the shared texts' full set in the current language (the feed's first part leaves its texts out).
 */
const TimelineList = lazy(() => Promise.all([import('./TimelineList'), textsReady()]).then(([m]) => ({ default: m.TimelineList })));

/**
 * The progress timeline of a post: every move, who made it and when, rejected proofs with their caption and
 * photos. The single-post answer carries `history`, so the post page shows it at once; list cards (whose
 * posts carry no history) show a "Show timeline" toggle that loads the single post on demand.
 */
export function ProgressTimeline({ post, className = '' }: { post: Post; className?: string }) {
  const [open, setOpen] = useState(false);
  const needsFetch = post.history === undefined;
  const ui = useLocalized(TIMELINE_UI);
  const single = useQuery({
    queryKey: postKeys.post(post._id),
    queryFn: ({ signal }) => fetchPost(post._id, signal).then((a) => a.post),
    enabled: needsFetch && open,
    retry: false,
  });
  const headingId = `timeline-${post._id}`;

  if (!needsFetch) {
    return (
      <section aria-labelledby={headingId} className={className}>
        <h3 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
          {ui.timelineHeading}
        </h3>
        <Suspense fallback={<p className="text-sm text-slate-600">{ui.loadingTimeline}</p>}>
          <TimelineList post={post} history={post.history ?? []} />
        </Suspense>
      </section>
    );
  }

  const regionId = `${headingId}-panel`;
  // A plain block, not a region: a list has one per card, and landmarks must be told apart by name.
  return (
    <div className={className} data-testid="timeline-toggle">
      <button
        type="button"
        className="btn-ghost -ml-2 px-2 py-1.5 text-brand-800"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? ui.hideTimeline : ui.showTimeline}
      </button>
      {open && (
        <div id={regionId} className="mt-2">
          {single.isPending ? (
            <p className="text-sm text-slate-600">{ui.loadingTimeline}</p>
          ) : single.isError || !single.data ? (
            <p className="text-sm text-red-700">{ui.timelineFailed}</p>
          ) : (
            <Suspense fallback={<p className="text-sm text-slate-600">{ui.loadingTimeline}</p>}>
              <TimelineList post={single.data} history={single.data.history ?? []} />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
