import { GOV_UI, REOPEN_UI, type Post } from '@civicpulse/shared';
import { ImageGrid } from '../posts/ImageGrid';
import { useLocalized } from '../../i18n';
import { Thumbnails } from './TimelineList';

/** A turned-down proof on a card: the department's caption and photos under a "Rejected" mark, the reason and the reporter's photos. */
export default function RejectedProof({ id, proof, className }: { id: string; proof: NonNullable<Post['rejectedUpdate']>; className: string }) {
  const ui = useLocalized(REOPEN_UI);
  const gov = useLocalized(GOV_UI);
  const headingId = `rejected-proof-${id}`;
  return (
    // A group, not a region landmark: a list may show several, all of the same name.
    <div role="group" aria-labelledby={headingId} className={`rounded-xl border border-red-200 bg-red-50/70 p-4 ${className}`} data-testid="rejected-proof">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {ui.rejectedProofHeading}
        </h3>
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{ui.rejectedBadge}</span>
      </div>
      {proof.caption && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{proof.caption}</p>}
      {proof.images.length > 0 && (
        <div className="mt-3 max-w-md">
          <ImageGrid images={proof.images} label={gov.rejectedProof} />
        </div>
      )}
      {proof.reason && <p className="mt-3 text-sm font-medium break-words whitespace-pre-line text-red-900">{ui.rejectedReason(proof.reason)}</p>}
      {proof.photos.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-semibold text-slate-700">{ui.reporterPhotos}</p>
          <Thumbnails images={proof.photos} label={ui.reporterPhotos} />
        </div>
      )}
    </div>
  );
}
