import { Link, useParams } from 'react-router-dom';
import { FLAG_KINDS, MODERATION_UI, POST_UI, type FlagKind } from '@civicpulse/shared';
import { useHiddenNotice } from '../api/moderation';
import { HiddenNotice } from '../components/moderation/HiddenNotice';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized } from '../i18n';
import { useSession } from '../session/useSession';
import NotFound from './NotFound';

/**
 * /moderation/review/{kind}/{id}: where the "Hidden by moderation" notification leads the author of a
 * hidden comment, reply or chat message (a report's author lands on its own page instead): what was
 * hidden, why, and "Ask for a review". Anyone else gets Not found, as the server answers.
 */
export default function ModerationReview() {
  const ui = useLocalized(MODERATION_UI);
  const post = useLocalized(POST_UI);
  usePageTitle(ui.heading);
  const { kind = '', id = '' } = useParams();
  const session = useSession();
  const valid = (FLAG_KINDS as readonly string[]).includes(kind);
  const notice = useHiddenNotice(kind as FlagKind, id, valid);
  if (!valid || notice.isError) return <NotFound />;
  return (
    <div className="page max-w-2xl">
      <h1 className="text-3xl font-bold text-slate-900">{ui.kinds[kind as FlagKind]}</h1>
      {notice.data && (notice.data.notice ? (
        <HiddenNotice kind={kind as FlagKind} id={id} author={session.role !== 'admin'} showExcerpt />
      ) : (
        <p className="mt-4 text-slate-700" data-testid="not-hidden">
          <span className="block break-words">{notice.data.excerpt}</span>
        </p>
      ))}
      <p className="mt-6">
        <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
          {post.backToFeed}
        </Link>
      </p>
    </div>
  );
}
