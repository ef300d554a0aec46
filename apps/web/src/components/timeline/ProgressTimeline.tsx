import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GOV_UI, type HistoryEntry, type Post } from '@civicpulse/shared';
import { fetchPost, postKeys } from '../../api/posts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function LocalTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} className="text-xs text-slate-600">
      {Number.isNaN(date.getTime()) ? iso : dateTime.format(date)}
    </time>
  );
}

/** What happened, in one sentence (the reporter's own moves are named by their part, not their name). */
export function describeEntry(entry: HistoryEntry): string {
  const name = entry.actor.name || GOV_UI.roleLabel[entry.actor.role] || 'Someone';
  switch (entry.action) {
    case 'advance':
      return entry.from === 'Unseen' ? GOV_UI.tookOver(name) : GOV_UI.movedTo(name, entry.to);
    case 'regress':
      return entry.to === 'Unseen' ? GOV_UI.released(name) : GOV_UI.movedBack(name, entry.to);
    case 'final':
      return GOV_UI.submittedFinal(name);
    case 'verify':
      return GOV_UI.reporterConfirmed;
    case 'reject':
      return GOV_UI.reporterRejected(entry.note ?? '');
    case 'release':
      return GOV_UI.releasedByAdmin;
  }
}

const DOT: Record<HistoryEntry['action'], string> = {
  advance: 'bg-brand-700',
  regress: 'bg-slate-500',
  final: 'bg-blue-700',
  verify: 'bg-green-700',
  reject: 'bg-red-700',
  release: 'bg-slate-500',
};

export function Thumbnails({ images, label }: { images: Array<{ url: string; thumbUrl?: string; width?: number; height?: number }>; label: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {images.map((image, i) => (
        <li key={image.url}>
          <a href={image.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg ring-1 ring-slate-200">
            <img
              src={image.thumbUrl || image.url}
              alt={`${label}: photo ${i + 1} of ${images.length}`}
              className="h-16 w-16 object-cover"
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function TimelineList({ post, history }: { post: Pick<Post, 'createdAt' | 'user'>; history: HistoryEntry[] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" data-testid="progress-timeline">
      <li className="relative">
        <span className="absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full bg-amber-500 ring-4 ring-white" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-900">{GOV_UI.reported(post.user?.name || 'A citizen')}</p>
        <LocalTime iso={post.createdAt} />
      </li>
      {history.map((entry) => (
        <li key={entry._id} className="relative" data-testid="timeline-entry">
          <span className={`absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full ring-4 ring-white ${DOT[entry.action]}`} aria-hidden="true" />
          <p className="text-sm font-medium break-words text-slate-900">{describeEntry(entry)}</p>
          <p className="text-xs text-slate-600">
            {entry.action === 'verify' || entry.action === 'reject'
              ? GOV_UI.by(entry.actor.name, GOV_UI.roleLabel[entry.actor.role] ?? entry.actor.role)
              : GOV_UI.roleTitle[entry.actor.role] ?? entry.actor.role}{' '}
            · <LocalTime iso={entry.createdAt} />
          </p>
          {entry.action === 'final' && entry.note && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{entry.note}</p>
          )}
          {entry.finalUpdate && (
            <div className="mt-2 rounded-lg bg-red-50 p-3">
              <p className="text-xs font-semibold text-red-900">{GOV_UI.rejectedProof}</p>
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-800">{entry.finalUpdate.caption}</p>
              <Thumbnails images={entry.finalUpdate.images} label={GOV_UI.rejectedProof} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The progress timeline of a post: every move, who made it and when, rejected proofs with their caption and
 * photos. The single-post answer carries `history`, so the post page shows it at once; list cards (whose
 * posts carry no history) show a "Show timeline" toggle that loads the single post on demand.
 */
export function ProgressTimeline({ post, className = '' }: { post: Post; className?: string }) {
  const [open, setOpen] = useState(false);
  const needsFetch = post.history === undefined;
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
          {GOV_UI.timelineHeading}
        </h3>
        <TimelineList post={post} history={post.history ?? []} />
      </section>
    );
  }

  const regionId = `${headingId}-panel`;
  return (
    <section aria-label={GOV_UI.timelineHeading} className={className}>
      <button
        type="button"
        className="btn-ghost -ml-2 px-2 py-1.5 text-brand-800"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? GOV_UI.hideTimeline : GOV_UI.showTimeline}
      </button>
      {open && (
        <div id={regionId} className="mt-2">
          {single.isPending ? (
            <p className="text-sm text-slate-600">{GOV_UI.loadingTimeline}</p>
          ) : single.isError || !single.data ? (
            <p className="text-sm text-red-700">{GOV_UI.timelineFailed}</p>
          ) : (
            <TimelineList post={single.data} history={single.data.history ?? []} />
          )}
        </div>
      )}
    </section>
  );
}
