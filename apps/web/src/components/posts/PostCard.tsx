import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRY, FOLLOW_UI, LIMITS, NAMES, PLACE_UI, POST_CARD_UI, type Localized, type Post, type Role, type VoteType } from '@civicpulse/shared';
import { textsReady, useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useWatchPost } from '../../live/hooks';
import { Avatar } from '../Avatar';
import { MapView } from '../map/MapView';
import { CategoryBadge } from './Category';
import { ImageGrid } from './ImageGrid';
import { OverdueBadge } from './OverdueBadge';
import { PriorityChip } from './PriorityChip';
import { ShareButton } from './ShareButton';
import { TimeAgo } from './time';
import { VoteButtons } from './VoteButtons';

// The comments come when a card's comments are opened (the post page opens them at once): the feed's first
// paint, where every card starts with them closed, is on a JavaScript budget (e2e/tests/perf.spec.ts).
// They wait for the shared texts' full set in the current language (the feed's first part leaves out
// their problems and the flag dialog), so they never show English in Hindi.
const CommentThread = lazy(() => Promise.all([import('./CommentThread'), textsReady()]).then(([m]) => ({ default: m.CommentThread })));

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

type Names = Localized<typeof NAMES>;

/**
 * The location line: address, landmark, city, "State - pincode" and (My Issues) the country. Given the
 * names in the reader's language, the state and India read in it too (the stored values stay English).
 */
export function formatLocation(location: Post['location'], withCountry = false, names?: Names, countryName?: string): string {
  const state = location.state && names ? (names.states as Record<string, string | undefined>)[location.state] ?? location.state : location.state;
  const statePin = [state, location.pincode].filter(Boolean).join(' - ');
  const stored = location.country || COUNTRY;
  const country = withCountry ? (stored === COUNTRY && countryName ? countryName : stored) : '';
  return [location.address, location.landmark, location.city, statePin, country].filter(Boolean).join(', ');
}

/** The status people read: "Open" until a department takes the report over, then In Progress / Resolved. */
export function statusName(post: Pick<Post, 'currentState' | 'progressState'>, names: Names): string {
  return post.progressState === 'Unseen' ? names.currentStates.Open : names.currentStates[post.currentState] ?? post.currentState;
}

/**
 * The progress people read beside the status, or null when it would say the status's own word (an untouched
 * report is "Open" in both): a card then shows Status alone. Compared as read, in the reader's language.
 */
export function progressBesideStatus(post: Pick<Post, 'currentState' | 'progressState'>, names: Names): string | null {
  const progress = names.progress[post.progressState] ?? post.progressState;
  return progress === statusName(post, names) ? null : progress;
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
  const ui = useLocalized(POST_CARD_UI);
  const names = useLocalized(NAMES);
  const follow = useLocalized(FOLLOW_UI);
  const countryName = useLocalized(PLACE_UI).countryIndia;
  const { number } = useFormat();
  const caption = post.caption.trim() || ui.noCaption;
  const progress = progressBesideStatus(post, names);
  // Anonymous reports: the server leaves the reporter out for most viewers ("A resident", in their language);
  // the reporter, admins and the department handling it get the name, marked as hidden from others.
  const unnamed = post.anonymous === true && !post.user?._id;
  const author = unnamed ? ui.anonymousAuthor : post.user?.name || ui.unknownAuthor;
  const authorHref = !unnamed && post.user?._id ? `/user/profile/${post.user.role}/${post.user._id}` : null;

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
          {/* A card carries a long caption shortened (issue 25); the post page shows it whole. */}
          {post.captionTruncated && linkToPost && (
            <Link to={`/post/${post._id}`} className="text-sm font-semibold text-brand-700 hover:underline" data-testid="read-more">
              {ui.readMore}
            </Link>
          )}
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <TimeAgo iso={post.createdAt} />
            {post.reference && (
              <span className="text-slate-700 tabular-nums" data-testid="post-reference">
                {ui.reference(post.reference)}
              </span>
            )}
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
          {ui.postedBy}{' '}
          {authorHref ? (
            <Link to={authorHref} className="font-semibold text-brand-700 hover:underline">
              {author}
            </Link>
          ) : (
            <span className="font-semibold" data-testid={unnamed ? 'anonymous-author' : undefined}>
              {author}
            </span>
          )}
          {post.anonymous === true && !unnamed && (
            <span className="ml-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="anonymous-badge">
              {ui.nameHidden}
            </span>
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
                aria-label={ui.authorEmailLabel(post.user.email)}
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
          <dt className="font-medium text-slate-600">{ui.priority}:</dt>
          <dd>
            <PriorityChip priority={post.priority} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="font-medium text-slate-600">{ui.status}:</dt>
          <dd className="font-semibold text-slate-900">{statusName(post, names)}</dd>
        </div>
        {progress !== null && (
          <div className="flex items-center gap-2">
            <dt className="font-medium text-slate-600">{ui.progress}:</dt>
            <dd className="font-semibold text-slate-900">{progress}</dd>
          </div>
        )}
        <div className="flex gap-2 sm:col-span-3">
          <dt className="shrink-0 font-medium text-slate-600">{ui.location}:</dt>
          <dd className="break-words text-slate-900">{formatLocation(post.location, showCountry, names, countryName)}</dd>
        </div>
      </dl>

      {showMap && hasCoordinates(post) && (
        <MapView
          lat={post.location.coordinates.lat}
          lng={post.location.coordinates.lng}
          className="mt-4"
          eager={eagerMap}
          label={ui.mapLabelFor(caption)}
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
            {commentsOpen ? ui.hideComments : ui.viewComments}
            <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700 tabular-nums">{number(post.commentCount)}</span>
          </button>
        )}
        {/* On a list's card; the post page says it with its Follow button. A post kept from before
            followers were counted (an offline copy) has none to show. */}
        {linkToPost && post.followerCount !== undefined && (
          <span className="px-1 text-xs text-slate-600 tabular-nums" data-testid="card-follower-count">
            {follow.followers(post.followerCount)}
          </span>
        )}
        {actions && <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{actions}</div>}
      </div>

      {showComments && commentsOpen && (
        <section id={commentsId} aria-label={ui.commentsLabel} className="mt-4">
          <Suspense fallback={<p className="text-sm text-slate-600">{ui.loadingMoreComments}</p>}>
            <CommentThread
              postId={post._id}
              comments={post.comments}
              commentCount={post.commentCount}
              commentsCursor={post.commentsCursor ?? null}
              viewerId={viewerId}
              viewerRole={viewerRole}
              limit={commentLimit}
              linkToAll={linkToPost}
            />
          </Suspense>
        </section>
      )}
    </article>
  );
}
