import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { DUPLICATE_UI, NAMES, POST_UI } from '@civicpulse/shared';
import { call, errorMessage } from '../../api/client';
import { localized, useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSimilarPosts, useVote } from '../../api/posts';
import { useSession } from '../../session/useSession';
import toast from '../../toast';
import { PriorityChip } from './PriorityChip';

/**
 * "Similar reports nearby" under the caption on Create Civic Issue: unresolved reports within a short
 * walk of the picked point whose words resemble the caption. Upvoting one supports it instead of filing a
 * duplicate; "Follow this one instead" follows it and opens it, the draft kept (written now, offered back
 * as "Resume draft" on return) in case it is not the same problem after all.
 */
export function SimilarReports({ point, caption, keepDraft }: { point: { lat: number; lng: number } | null; caption: string; keepDraft?: () => Promise<void> }) {
  const ui = useLocalized(POST_UI);
  const dup = useLocalized(DUPLICATE_UI);
  const navigate = useNavigate();
  const followInstead = useMutation({
    mutationFn: async (postId: string) => {
      await keepDraft?.();
      return call('PUT /api/posts/:id/follow', { params: { id: postId } });
    },
    onSuccess: (_answer, postId) => {
      toast.success(localized(DUPLICATE_UI).followedInstead);
      void navigate(`/post/${postId}`);
    },
    onError: (error) => toast.error(errorMessage(error, localized(DUPLICATE_UI).followFailed)),
  });
  const names = useLocalized(NAMES);
  const format = useFormat();
  const session = useSession();
  const similar = useSimilarPosts(point, caption);
  const vote = useVote(session.id);
  const posts = similar.data ?? [];
  if (!point || posts.length === 0) return null;

  return (
    <section aria-labelledby="similar-heading" className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4">
      <h2 id="similar-heading" className="text-sm font-semibold text-slate-900">
        {ui.similarHeading}
      </h2>
      <p className="mt-0.5 text-xs text-slate-700">{ui.similarIntro}</p>
      <ul className="mt-3 space-y-2">
        {posts.map((post) => (
          <li
            key={post._id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-white p-2 ring-1 ring-amber-200"
            data-testid="similar-report"
          >
            {post.images[0] && (
              <img
                src={post.images[0].thumbUrl || post.images[0].url}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 shrink-0 rounded-md object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{post.caption.trim() || ui.noCaption}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                {post.distanceMeters !== undefined && <span>{ui.metresAway(post.distanceMeters)}</span>}
                <PriorityChip priority={post.priority} />
                <span>{names.progress[post.progressState]}</span>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className={`btn border px-2.5 py-1.5 tabular-nums ${
                  post.myVote === 'upvote'
                    ? 'border-green-700 bg-green-700 text-white hover:bg-green-800'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-green-50'
                }`}
                aria-pressed={post.myVote === 'upvote'}
                onClick={() => vote.mutate({ post, type: 'upvote' })}
              >
                {ui.upvote} <span>{format.number(post.upvoteCount)}</span>
              </button>
              <button
                type="button"
                className="btn-secondary px-2.5 py-1.5"
                disabled={followInstead.isPending}
                onClick={() => followInstead.mutate(post._id)}
                data-testid="follow-instead"
              >
                {dup.followInstead}
              </button>
              <Link to={`/post/${post._id}`} className="text-sm font-semibold text-brand-700 hover:underline">
                {ui.viewReport}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
