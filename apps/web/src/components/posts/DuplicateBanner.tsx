import { Link } from 'react-router-dom';
import { DUPLICATE_UI } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';

/**
 * On a report marked as a duplicate (its post page, signed in or public: both at /post/{id}): which report it repeats, with a
 * link there, where its votes and followers went and where the work is followed.
 */
export function DuplicateBanner({ duplicateOf }: { duplicateOf: { _id: string; reference: string } | undefined }) {
  const ui = useLocalized(DUPLICATE_UI);
  if (!duplicateOf) return null;
  return (
    <div role="note" className="mt-4 rounded-xl border border-indigo-300 bg-indigo-50 p-3 text-sm text-indigo-950 sm:p-4" data-testid="duplicate-banner">
      <p className="font-semibold break-words">{ui.banner(duplicateOf.reference)}</p>
      <Link
        to={`/post/${duplicateOf._id}`}
        className="mt-1 inline-block font-semibold text-indigo-800 underline underline-offset-2 hover:text-indigo-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        {ui.bannerLink}
      </Link>
    </div>
  );
}
