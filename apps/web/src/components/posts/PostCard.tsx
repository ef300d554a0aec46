import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRY, LIMITS, POST_UI, progressLabel, statusLabel, type Post, type Role, type VoteType } from '@civicpulse/shared';
import { useWatchPost } from '../../live/hooks';
import { Avatar } from '../Avatar';
import { MapView } from '../map/MapView';
import { CategoryBadge } from './Category';
import { CommentThread } from './CommentThread';
import { ImageGrid } from './ImageGrid';
import { OverdueBadge } from './OverdueBadge';
import { PriorityChip } from './PriorityChip';
import { ShareButton } from './ShareButton';
import { TimeAgo } from './time';
import { VoteButtons } from './VoteButtons';

export interface PostCardProps {
  post: Post;
  viewerId: string;
  viewerRole: Role | null;
  /** Makes the vote buttons live; without it they only show the counts. */
  onVote?: (type: VoteType) => void;
  voteBusy?: boolean;
  /** Extra buttons beside the votes (owner edit/delete/verify, government progress buttons...). */
  actions?: ReactNode;
  /** Small extras next to the time (an 'edited' marker, an assignment badge...). */
  meta?: ReactNode;
  /** Extra content after the details and map (final proof of work, the progress timeline...). */
  children?: ReactNode;
  showShare?: boolean;
  /** The first card of a list: its first photo is fetched at once and first (it is the page's largest paint). */
  priority?: boolean;
  showMap?: boolean;
  /** Mount the map at once rather than when it scrolls into view (the single post page). */
  eagerMap?: boolean;
  showComments?: boolean;
  commentsInitiallyOpen?: boolean;
  /** Comments to show when open: the spec's 3 by default; the post page shows them all. */
  commentLimit?: number;
  /** The caption links to the post page (lists); off on the post page itself. */
  linkToPost?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** Shows the reporter's email beside 'Posted by' (the department lists, spec 2.11). */
  showAuthorEmail?: boolean;
  /** Ends the location line with the country, India (My Issues, spec 2.10). */
  showCountry?: boolean;
}

export function formatLocation(location: Post['location'], withCountry = false): string {
  const statePin = [location.state, location.pincode].filter(Boolean).join(' - ');
  const country = withCountry ? location.country || COUNTRY : '';
  return [location.address, location.landmark, location.city, statePin, country].filter(Boolean).join(', ');
}

function hasCoordinates(post: Post): boolean {
  const c = post.location.coordinates;
  return Number.isFinite(c?.lat) && Number.isFinite(c?.lng);
}

/** One civic issue as the feed, post page and vote lists show it (spec 2.6–2.8). Presentational: data and
 * handlers come from the screen; while on screen it follows the post's live updates (LiveProvider patches
 * the cached copies it reads), and says so with data-live="watching" once the server confirmed. */
export function PostCard({
  post,
  viewerId,
  viewerRole,
  onVote,
  voteBusy,
  actions,
  meta,
  children,
  showShare = true,
  showMap = true,
  priority = false,
  eagerMap = false,
  showComments = true,
  commentsInitiallyOpen = false,
  commentLimit = LIMITS.commentsPerCard,
  linkToPost = true,
  headingLevel = 'h2',
  showAuthorEmail = false,
  showCountry = false,
}: PostCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(commentsInitiallyOpen);
  const commentsId = useId();
  const Heading = headingLevel;
  // While a card is on screen its counts and state follow the server live (issue 13 item 8).
  const live = useWatchPost(post._id);
  const caption = post.caption.trim() || POST_UI.noCaption;
  const author = post.user?.name || POST_UI.unknownAuthor;
  const authorHref = post.user?._id ? `/user/profile/${post.user.role}/${post.user._id}` : null;

  return (
    <article className="card p-4 sm:p-6" aria-label={caption} data-testid="post-card" data-post-id={post._id} data-live={live ? 'watching' : undefined}>
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Heading className="text-lg leading-snug font-semibold break-words text-slate-900">
            {linkToPost ? (
              <Link to={`/post/${post._id}`} className="hover:text-brand-700 hover:underline">
                {caption}
              </Link>
            ) : (
              caption
            )}
          </Heading>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <TimeAgo iso={post.createdAt} />
            <CategoryBadge category={post.category} />
            <OverdueBadge post={post} />
            {meta}
          </p>
        </div>
        {showShare && <ShareButton postId={post._id} className="-mt-1 -mr-2 shrink-0" />}
      </header>

      {post.images.length > 0 && (
        <div className="mt-4">
          <ImageGrid images={post.images} priority={priority} />
        </div>
      )}

      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <Avatar name={author} photo={post.user?.profilePhoto} size="h-7 w-7" />
        <span className="min-w-0">
          {POST_UI.postedBy}{' '}
          {authorHref ? (
            <Link to={authorHref} className="font-semibold text-brand-700 hover:underline">
              {author}
            </Link>
          ) : (
            <span className="font-semibold">{author}</span>
          )}
          {showAuthorEmail && post.user?.email && (
            <>
              {' '}
              <span className="hidden text-slate-600 sm:inline" aria-hidden="true">
                ·
              </span>{' '}
              <a
                href={`mailto:${post.user.email}`}
                className="block break-all text-brand-700 hover:underline sm:inline"
                aria-label={POST_UI.authorEmailLabel(post.user.email)}
                data-testid="author-email"
              >
                {post.user.email}
              </a>
            </>
          )}
        </span>
      </p>

      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="flex items-center gap-2">
          <dt className="font-medium text-slate-600">{POST_UI.priority}:</dt>
          <dd>
            <PriorityChip priority={post.priority} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium text-slate-600">{POST_UI.status}:</dt>
          <dd className="font-semibold text-slate-900">{statusLabel(post)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium text-slate-600">{POST_UI.progress}:</dt>
          <dd className="font-semibold text-slate-900">{progressLabel(post.progressState)}</dd>
        </div>
        <div className="flex gap-2 sm:col-span-3">
          <dt className="shrink-0 font-medium text-slate-600">{POST_UI.location}:</dt>
          <dd className="break-words text-slate-900">{formatLocation(post.location, showCountry)}</dd>
        </div>
      </dl>

      {showMap && hasCoordinates(post) && (
        <MapView
          lat={post.location.coordinates.lat}
          lng={post.location.coordinates.lng}
          className="mt-4"
          eager={eagerMap}
          label={POST_UI.mapLabelFor(caption)}
        />
      )}

      {children && <div className="mt-4">{children}</div>}

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
        <VoteButtons
          upvotes={post.upvoteCount}
          downvotes={post.downvoteCount}
          myVote={post.myVote}
          onVote={onVote}
          disabled={voteBusy}
        />
        {showComments && (
          <button
            type="button"
            className="btn-ghost px-3 py-2"
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            {commentsOpen ? POST_UI.hideComments : POST_UI.viewComments}
            <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700 tabular-nums">{post.commentCount}</span>
          </button>
        )}
        {actions && <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{actions}</div>}
      </div>

      {showComments && commentsOpen && (
        <section id={commentsId} aria-label={POST_UI.commentsLabel} className="mt-4">
          <CommentThread
            postId={post._id}
            comments={post.comments}
            commentCount={post.commentCount}
            viewerId={viewerId}
            viewerRole={viewerRole}
            limit={commentLimit}
            linkToAll={linkToPost}
          />
        </section>
      )}
    </article>
  );
}
