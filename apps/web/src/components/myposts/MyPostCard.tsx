import { MY_POSTS_UI, POST_UI, type Post } from '@civicpulse/shared';
import { PostCard } from '../posts/PostCard';
import { timeAgo } from '../posts/time';
import { useSession } from '../../session/useSession';
import { FinalProof, ProgressTimeline } from '../timeline';
import { VerifyResolution } from './VerifyResolution';

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
  const caption = post.caption.trim() || POST_UI.noCaption;
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
            title={MY_POSTS_UI.editedTitle(timeAgo(post.updatedAt))}
            data-testid="edited-marker"
          >
            {MY_POSTS_UI.edited}
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
              aria-label={MY_POSTS_UI.editLabel(caption)}
            >
              {MY_POSTS_UI.edit}
            </button>
          )}
          <button
            type="button"
            className="btn border border-red-300 bg-white px-3 py-2 text-red-800 hover:bg-red-50"
            onClick={() => onDelete(post)}
            aria-label={MY_POSTS_UI.deleteLabel(caption)}
          >
            {MY_POSTS_UI.delete}
          </button>
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
                {MY_POSTS_UI.resolvedNote}
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
