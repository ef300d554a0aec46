import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { POST_CARD_UI, TIMELINE_UI, type Post } from '@civicpulse/shared';
import { ImageGrid } from '../posts/ImageGrid';
import { textsReady, useLocalized } from '../../i18n';
import { afterFirstPaint } from '../../lib/pageLoaded';

/**
 * Only cards of reports whose proof was turned down show it: its own chunk, off the feed's first paint.
 * It waits for the full set of shared texts, so it starts loading only once the screen is painted: a
 * Hindi feed whose first page held such a card fetched 214 KB of scripts before its first paint, the
 * full set's Hindi among them, instead of the feed's ~145 (perf.spec, which now always shows one).
 */
const RejectedProof = lazy(() => afterFirstPaint().then(() => Promise.all([import('./RejectedProof'), textsReady()])).then(([m]) => m));

/**
 * The department's final proof (caption and photos), shown to everyone once it was submitted. While there is
 * none and the reporter turned the last one down ("Not fixed yet"), that proof stays, marked as rejected,
 * with the reporter's reason and photos (`rejected`: false where the timeline beside it shows it already).
 */
export function FinalProof({
  post,
  className = '',
  rejected = true,
}: {
  post: Pick<Post, '_id' | 'finalUpdate'> & { rejectedUpdate?: Post['rejectedUpdate'] };
  className?: string;
  rejected?: boolean;
}) {
  const ui = useLocalized(TIMELINE_UI);
  const postUi = useLocalized(POST_CARD_UI);
  const proof = post.finalUpdate;
  if (!proof) {
    if (!rejected || !post.rejectedUpdate) return null;
    return (
      <Suspense fallback={null}>
        <RejectedProof id={post._id} proof={post.rejectedUpdate} className={className} />
      </Suspense>
    );
  }
  const headingId = `final-proof-${post._id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-blue-200 bg-blue-50/60 p-4 ${className}`}
      data-testid="final-proof"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {ui.finalProofHeading}
      </h3>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
        {proof.caption}
        {/* On a card the caption may come shortened (issue 25); the post page has it whole. */}
        {proof.captionTruncated && (
          <>
            {' '}
            <Link to={`/post/${post._id}`} className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
              {postUi.readMore}
            </Link>
          </>
        )}
      </p>
      {proof.images.length > 0 && (
        <div className="mt-3 max-w-md">
          <ImageGrid images={proof.images} label={ui.finalProofPhotos} />
        </div>
      )}
    </section>
  );
}

