import { Link, useParams } from 'react-router-dom';
import { ACKNOWLEDGEMENT_UI, MY_POSTS_UI, NAMES, POST_UI, isCategory, type Post } from '@civicpulse/shared';
import { usePost } from '../api/posts';
import { formatLocation, statusName } from '../components/posts/PostCard';
import { PostQueryState } from '../components/posts/PostQueryState';
import { usePageTitle } from '../components/usePageTitle';
import { useFormat } from '../i18n/format';
import { useLocalized } from '../i18n';

/**
 * /post/{postId}/acknowledgement: the report's receipt, to print or keep: its reference number, when
 * and by whom it was filed, what and where. The site's header, footer and this page's buttons are left
 * off the printout (print:hidden), so a page of A4 holds the receipt alone.
 */
export default function Acknowledgement() {
  const ack = useLocalized(ACKNOWLEDGEMENT_UI);
  usePageTitle(ack.heading);
  const { postId = '' } = useParams();
  const post = usePost(postId);
  return (
    <div className="page max-w-2xl">
      <PostQueryState post={post}>{(data) => <Receipt p={data} />}</PostQueryState>
    </div>
  );
}

/** The receipt itself, once the post is there. */
function Receipt({ p }: { p: Post }) {
  const ui = useLocalized(POST_UI);
  const ack = useLocalized(ACKNOWLEDGEMENT_UI);
  const names = useLocalized(NAMES);
  const countryName = useLocalized(MY_POSTS_UI).countryIndia;
  const { date } = useFormat();
  // "Open" is both the status and the progress of a report no department has taken over: say it once.
  const status = statusName(p, names);
  const progress = names.progress[p.progressState] ?? p.progressState;
  const rows: Array<[string, string]> = [
    [ack.filedOn, date(p.createdAt, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' })],
    [ui.postedBy, p.user.name],
    [ack.category, names.categories[isCategory(p.category) ? p.category : 'other'].name],
    [ui.priority, names.priorities[p.priority] ?? p.priority],
    [ui.location, formatLocation(p.location, true, names, countryName)],
    [ui.status, status === progress ? status : `${status} · ${progress}`],
  ];

  return (
    <>
      <article className="card p-6 sm:p-8 print:border-0 print:shadow-none" aria-labelledby="ack-heading">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">CivicPulse</p>
        <h1 id="ack-heading" className="mt-1 text-2xl font-bold text-slate-900">
          {ack.heading}
        </h1>
        <p className="mt-2 text-slate-700">{ack.intro}</p>
        <p className="mt-6 text-sm font-medium text-slate-600">{ack.referenceNumber}</p>
        <p className="font-mono text-2xl font-bold tracking-wide break-all text-slate-900" data-testid="ack-reference">
          {p.reference}
        </p>
        <h2 className="mt-6 text-lg font-semibold break-words text-slate-900">{p.caption}</h2>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-3 text-sm sm:gap-x-6">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="mt-4 flex flex-wrap items-center gap-4 print:hidden">
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          {ack.print}
        </button>
        <Link to={`/post/${p._id}`} className="text-sm font-semibold text-brand-700 hover:underline">
          {ack.backToReport}
        </Link>
      </div>
    </>
  );
}
