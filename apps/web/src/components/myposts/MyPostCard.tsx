import { MY_POSTS_UI, POST_UI, type Post } from '@civicpulse/shared';
import { PostCard } from '../posts/PostCard';
import { timeAgo } from '../posts/time';
import { useSession } from '../../session/useSession';
import { FinalProof, ProgressTimeline } from '../timeline';
import { VerifyResolution } from './VerifyResolution';
import { useLocalized } from '../../i18n';

const WAITING = 'Waiting for User Verification';

export function isEdited(post: Post): boolean {
  return post.updatedAt !== post.createdAt;
}

export interface MyPostCardProps {
  post: Post;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** One of the citizen's own reports (spec 2.10): the shared card with the owner's actions. */
export function MyPostCard({ post, onEdit, onDelete }: MyPostCardProps) {
  const session = useSession();
  const ui = useLocalized(MY_POSTS_UI);
  const postUi = useLocalized(POST_UI);
  const caption = post.caption.trim() || postUi.noCaption;
  const finished = post.progressState === 'Finished';

  return (
    <PostCard
      post={post}
      showCountry
      viewerId={session.id}
      viewerRole={session.role}
      commentsInitiallyOpen={post.commentCount > 0}
      meta={
        isEdited(post) ? (
          <span
            className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700"
            title={ui.editedTitle(timeAgo(post.updatedAt))}
            data-testid="edited-marker"
          >
            {ui.edited}
          </span>
        ) : null
      }
      actions={
        <>
          {!finished && (
            <button
              type="button"
              className="btn-secondary px-3 py-2"
              onClick={() => onEdit(post)}
              aria-label={ui.editLabel(caption)}
            >
              {ui.edit}
            </button>
          )}
          {/* A resolved report is locked for its reporter (the server refuses both); comments still work. */}
          {!finished && (
            <button
              type="button"
              className="btn border border-red-300 bg-white px-3 py-2 text-red-800 hover:bg-red-50"
              onClick={() => onDelete(post)}
              aria-label={ui.deleteLabel(caption)}
            >
              {ui.delete}
            </button>
          )}
        </>
      }
    >
      {post.progressState === 'Unseen' ? undefined : (
        <div className="space-y-3">
          {post.progressState === WAITING ? (
            <VerifyResolution post={post} />
          ) : finished ? (
            <>
              <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-200">
                {ui.resolvedNote}
                <span className="mt-0.5 block font-normal text-green-900" data-testid="resolved-locked">
                  {ui.resolvedLocked}
                </span>
              </p>
              <FinalProof post={post} />
            </>
          ) : (
            <FinalProof post={post} />
          )}
          <ProgressTimeline post={post} />
        </div>
      )}
    </PostCard>
  );
}
