import { ANONYMOUS_NAME, DUPLICATE_TIMELINE_UI, GOV_UI, NAMES, POST_UI, REOPEN_UI, type HistoryEntry, type Localized, type Post } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { DATE_TIME } from '../posts/time';

/*
 * The timeline's entries, their sentences and photos: loaded only when a timeline is shown (a card's
 * "Show timeline", the post page), so the feed's first paint does not carry them (see ProgressTimeline).
 */

function LocalTime({ iso }: { iso: string }) {
  const { date } = useFormat();
  const valid = !Number.isNaN(new Date(iso).getTime());
  return (
    <time dateTime={iso} className="text-xs text-slate-600">
      {valid ? date(iso, DATE_TIME) : iso}
    </time>
  );
}

/** The texts a timeline sentence is made of, in the reader's language. */
export interface TimelineTexts {
  ui: Localized<typeof GOV_UI>;
  names: Localized<typeof NAMES>;
  /** Duplicates' sentences. */
  dup: Localized<typeof DUPLICATE_TIMELINE_UI>;
  /** Who did it when the entry names nobody ("Someone"). */
  someone: string;
}

/** What happened, in one sentence (the reporter's own moves are named by their part, not their name). */
export function describeEntry(entry: HistoryEntry, { ui, names, someone, dup }: TimelineTexts): string {
  const name = entry.actor.name || ui.roleLabel[entry.actor.role] || someone;
  const state = names.progress[entry.to] ?? entry.to;
  switch (entry.action) {
    case 'advance':
      return entry.from === 'Unseen' ? ui.tookOver(name) : ui.movedTo(name, state);
    case 'regress':
      return entry.to === 'Unseen' ? ui.released(name) : ui.movedBack(name, state);
    case 'final':
      return ui.submittedFinal(name);
    case 'verify':
      return ui.reporterConfirmed;
    case 'reject':
      return ui.reporterRejected(entry.note ?? '');
    case 'release':
      return ui.releasedByAdmin;
    case 'transfer':
      return entry.target ? ui.timelineTransferred(name, entry.target.name) : ui.timelineTriage(name);
    case 'appeal':
      return ui.timelineAppealed;
    case 'appealAnswer':
      return entry.outcome === 'upheld' ? ui.timelineAppealUpheld(name) : ui.timelineAppealDismissed(name);
    case 'duplicate':
      return dup.duplicate(entry.target?.name ?? '');
    case 'merged':
      return dup.merged(entry.target?.name ?? '');
    case 'notDuplicate':
      return dup.notDuplicate(entry.target?.name ?? '');
    case 'unmerged':
      return dup.unmerged(entry.target?.name ?? '');
  }
}

const DOT: Record<HistoryEntry['action'], string> = {
  advance: 'bg-brand-700',
  regress: 'bg-slate-500',
  final: 'bg-blue-700',
  verify: 'bg-green-700',
  reject: 'bg-red-700',
  release: 'bg-slate-500',
  transfer: 'bg-indigo-700',
  appeal: 'bg-amber-600',
  appealAnswer: 'bg-amber-800',
  duplicate: 'bg-indigo-500',
  merged: 'bg-indigo-500',
  notDuplicate: 'bg-slate-500',
  unmerged: 'bg-slate-500',
};

export function Thumbnails({ images, label }: { images: Array<{ url: string; thumbUrl?: string; width?: number; height?: number }>; label: string }) {
  const { t } = useTranslation('posts');
  const { number } = useFormat();
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {images.map((image, i) => (
        <li key={image.url}>
          <a href={image.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg ring-1 ring-slate-200">
            <img
              src={image.thumbUrl || image.url}
              alt={t('timeline.photoAlt', { label, index: number(i + 1), total: number(images.length) })}
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

export function TimelineList({ post, history: entries }: { post: { createdAt: string; user?: Post['user'] }; history: HistoryEntry[] }) {
  const { t } = useTranslation('posts');
  const ui = useLocalized(GOV_UI);
  const names = useLocalized(NAMES);
  // Anonymous reports: the server names a hidden reporter "A resident" (no id); shown in the reader's language.
  const aResident = useLocalized(POST_UI).anonymousAuthor;
  const unnamed = (who: { _id: string | null; name: string }) => !who._id && who.name === ANONYMOUS_NAME;
  const history = entries.map((e) => (unnamed(e.actor) ? { ...e, actor: { ...e.actor, name: aResident } } : e));
  const reporter = post.user && unnamed(post.user) ? aResident : post.user?.name;
  const dup = useLocalized(DUPLICATE_TIMELINE_UI);
  const reopen = useLocalized(REOPEN_UI);
  const texts: TimelineTexts = { ui, names, dup, someone: t('timeline.someone') };
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" data-testid="progress-timeline">
      <li className="relative">
        <span className="absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full bg-amber-500 ring-4 ring-white" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-900">{ui.reported(reporter || t('timeline.aCitizen'))}</p>
        <LocalTime iso={post.createdAt} />
      </li>
      {history.map((entry) => (
        <li key={entry._id} className="relative" data-testid="timeline-entry">
          <span className={`absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full ring-4 ring-white ${DOT[entry.action]}`} aria-hidden="true" />
          <p className="text-sm font-medium break-words text-slate-900">{describeEntry(entry, texts)}</p>
          <p className="text-xs text-slate-600">
            {(entry.action === 'verify' || entry.action === 'reject') && entry.actor.name
              ? ui.by(entry.actor.name, ui.roleLabel[entry.actor.role] ?? entry.actor.role)
              : ui.roleTitle[entry.actor.role] ?? entry.actor.role}{' '}
            {/* The member behind a department's move: only the department and admins receive it. */}
            {entry.by?.name ? <>· {ui.madeBy(entry.by.name)} </> : null}· <LocalTime iso={entry.createdAt} />
          </p>
          {entry.action !== 'reject' && entry.action !== 'verify' && entry.action !== 'release' && entry.note && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{entry.note}</p>
          )}
          {entry.finalUpdate && (
            <div className="mt-2 rounded-lg bg-red-50 p-3">
              <p className="text-xs font-semibold text-red-900">{ui.rejectedProof}</p>
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-800">{entry.finalUpdate.caption}</p>
              <Thumbnails images={entry.finalUpdate.images} label={ui.rejectedProof} />
            </div>
          )}
          {entry.photos && entry.photos.length > 0 && (
            <div className="mt-2" data-testid="timeline-reporter-photos">
              <p className="text-xs font-semibold text-slate-700">{reopen.reporterPhotos}</p>
              <Thumbnails images={entry.photos} label={reopen.reporterPhotos} />
            </div>
          )}
          {entry.rating && (
            <div className="mt-1 text-sm text-slate-800" data-testid="timeline-rating">
              <p className="font-medium">{reopen.timelineRating(t(`rating.${entry.rating.rating}`))}</p>
              {entry.rating.comment && <p className="mt-0.5 break-words whitespace-pre-line text-slate-700">{entry.rating.comment}</p>}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
