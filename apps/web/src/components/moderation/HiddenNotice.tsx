import { useId, useState, type FormEvent } from 'react';
import { MODERATION_LIMITS, MODERATION_UI, type FlagKind } from '@civicpulse/shared';
import { useHiddenNotice, useRequestReview } from '../../api/moderation';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Icon } from '../Icon';

export interface HiddenNoticeProps {
  kind: FlagKind;
  id: string;
  /** The author (who may ask for a review) or a moderator (who reads the notice only). */
  author: boolean;
  /** Quote what was hidden (the review page of a comment or chat message). */
  showExcerpt?: boolean;
}

/**
 * Hidden content as its author and the moderators see it: hidden from everyone else, why (the reasons
 * people flagged it for), and for the author "Ask for a review" with an optional note, once.
 */
export function HiddenNotice({ kind, id, author, showExcerpt = false }: HiddenNoticeProps) {
  const ui = useLocalized(MODERATION_UI);
  const { date } = useFormat();
  const headingId = useId();
  const noteId = useId();
  const notice = useHiddenNotice(kind, id);
  const review = useRequestReview();
  const [note, setNote] = useState('');
  const data = notice.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (review.isPending) return;
    review.mutate({ kind, id, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const reasons = data?.notice?.reasons.map((r) => ui.reasons[r]).join(', ') ?? '';
  const asked = data?.notice?.reviewRequestedAt ?? null;
  return (
    <section className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" aria-labelledby={headingId} data-testid="hidden-notice">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Icon name="eye" className="h-4 w-4 shrink-0" />
        {author ? ui.hiddenBanner : ui.hiddenForModerators}
      </h2>
      {showExcerpt && data && <blockquote className="mt-2 border-l-4 border-amber-300 pl-3 break-words text-slate-800">{data.excerpt}</blockquote>}
      {reasons && <p className="mt-2">{ui.hiddenReasons(reasons)}</p>}
      {author && data?.notice && (
        asked ? (
          <p className="mt-2 font-medium" data-testid="review-asked">
            {ui.reviewSent} <time dateTime={asked}>({date(asked, { dateStyle: 'medium' })})</time>
          </p>
        ) : (
          <form className="mt-3" onSubmit={submit}>
            <label htmlFor={noteId} className="field-label">
              {ui.reviewNote}
            </label>
            <textarea id={noteId} className="field-input min-h-20 bg-white" value={note} maxLength={MODERATION_LIMITS.noteMaxChars} onChange={(e) => setNote(e.target.value)} />
            <div className="mt-2 flex justify-end">
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={review.isPending} aria-busy={review.isPending}>
                {ui.askReview}
              </button>
            </div>
          </form>
        )
      )}
    </section>
  );
}
