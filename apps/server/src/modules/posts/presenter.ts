/** Rows → the contract's Post shape. Pure: everything it needs is loaded beforehand in bulk. */
import {
  ANONYMOUS_NAME,
  COUNTRY,
  LIMITS,
  publicCoordinate,
  serviceLevelStateOf,
  shortenText,
  type Category,
  type HistoryEntry,
  type Post,
  type ProgressState,
  type PublicMapPoint,
  type PublicPost,
  type Rating,
  type VoteType,
} from '@civicpulse/shared';
import { fileUrl } from '../../lib/urls.js';
import type { HistoryRow, ImageRow, ListedCommentRow, PostRow, VoteRow } from '../../db/rows.js';
import { presentComment } from '../comments/index.js';
import { mayIdentifyReporter, type Actor } from '../../policies/index.js';

export interface PostBundle {
  rows: PostRow[];
  images: ImageRow[];
  /** The most recent votes of each post (capped), or undefined for the compact shape. */
  votes?: VoteRow[] | undefined;
  /** The viewer's own votes on these posts. */
  mine: VoteRow[];
  comments: ListedCommentRow[];
  replies: ListedCommentRow[];
  /** How many replies each comment has (capped, see PostsRepo.replyCounts); a comment left out has none. */
  replyCounts: Map<string, number>;
  /** Present only when the timeline is wanted (the single post). */
  history?: HistoryRow[] | undefined;
  /** With the timeline: the reporters' ratings of the fixes, shown on the verify entry. */
  ratings?: Array<{ post_id: string; rating: Rating; comment: string | null }> | undefined;
  /** Each post's latest "Not fixed yet" with its images (kinds rejected and reopen), for posts without a current proof. */
  rejections?: { history: HistoryRow[]; images: ImageRow[] } | undefined;
}

/**
 * How a post is shaped. A card (every list) carries shortened texts and fewer voter ids; the single post
 * carries its texts whole (issue 25).
 */
export interface PresentOptions {
  card: boolean;
  /** The viewer: their own captions are never shortened, so an edit form filled from a card keeps the text. */
  viewerId: string;
  /** The viewer as the anonymity rule sees them (null: a visitor); see PostViews.readerOf. */
  reader?: Actor | null;
}

/** The reporter of an anonymous report as everyone but its reporter, the admins and its department sees them. */
const ANONYMOUS_USER = { _id: '', name: ANONYMOUS_NAME, email: '', role: 'user' as const, profilePhoto: '' };

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** A report's location as the contract shapes it (without the country): what a card shows and an edit starts from. */
export function storedLocation(row: Pick<PostRow, 'state' | 'landmark' | 'address' | 'pincode' | 'city' | 'lat' | 'lng'>) {
  return { state: row.state, landmark: row.landmark, address: row.address, pincode: row.pincode, city: row.city, coordinates: { lat: row.lat, lng: row.lng } };
}

export function presentImage(origin: string, img: ImageRow) {
  return { _id: img.id, url: fileUrl(origin, img.key), thumbUrl: fileUrl(origin, img.thumb_key), width: img.width, height: img.height };
}

const DUPLICATE_ACTIONS: ReadonlySet<string> = new Set(['duplicate', 'merged', 'notDuplicate', 'unmerged']);

/** A timeline entry's extras: the reporter's photos on a reject entry, their rating on the verify entry. */
export interface HistoryExtras {
  photos?: ImageRow[] | undefined;
  rating?: { rating: Rating; comment: string | null } | undefined;
}

export function presentHistory(h: HistoryRow, images: ImageRow[], origin: string, extras: HistoryExtras = {}): HistoryEntry {
  return {
    _id: h.id,
    action: h.action,
    from: h.from_state,
    to: h.to_state,
    // A government move is shown as its department's; the member who made it only to that department and admins (PostViews.teamParts).
    actor: h.department_id ? { _id: h.department_id, name: h.department_name ?? h.actor_name, role: h.actor_role } : { _id: h.actor_id, name: h.actor_name, role: h.actor_role },
    ...(h.department_id && h.actor_id !== h.department_id ? { by: { _id: h.actor_id, name: h.actor_name } } : {}),
    ...(h.action === 'transfer' ? { target: h.target_name !== null ? { _id: h.target_id, name: h.target_name } : null } : {}),
    // Duplicates: the other report, named by its reference.
    ...(DUPLICATE_ACTIONS.has(h.action) ? { target: { _id: h.target_id, name: h.target_name ?? '' } } : {}),
    // An appeal's answer keeps its outcome in target_name (it has no target).
    ...(h.action === 'appealAnswer' ? { outcome: h.target_name === 'upheld' ? ('upheld' as const) : ('dismissed' as const) } : {}),
    note: h.note,
    finalUpdate: h.final_caption !== null ? { caption: h.final_caption, images: images.map((i) => presentImage(origin, i)) } : null,
    ...(h.action === 'reject' && extras.photos?.length ? { photos: extras.photos.map((i) => presentImage(origin, i)) } : {}),
    ...(h.action === 'verify' && extras.rating ? { rating: { rating: extras.rating.rating, comment: extras.rating.comment } } : {}),
    createdAt: h.created_at,
  };
}

/** The spec's id lists: the loaded (most recent) voters, with the viewer's own vote always among them. */
function voterIds(votes: VoteRow[], mine: VoteRow | undefined, type: VoteType, cap: number): string[] {
  const ids = votes
    .slice(0, cap)
    .filter((v) => v.type === type)
    .map((v) => v.account_id);
  if (mine?.type === type && !ids.includes(mine.account_id)) ids.push(mine.account_id);
  return ids;
}

export function presentPosts(bundle: PostBundle, origin: string, opts: PresentOptions, nowMs: number): Post[] {
  const voteCap = opts.card ? LIMITS.voteIdsPerCard : LIMITS.voteIdsPerPost;
  const images = groupBy(bundle.images, (i) => i.post_id);
  const votes = bundle.votes ? groupBy(bundle.votes, (v) => v.post_id) : undefined;
  const mine = new Map(bundle.mine.map((v) => [v.post_id, v]));
  const comments = groupBy(bundle.comments, (c) => c.post_id);
  const replies = groupBy(bundle.replies, (r) => r.parent_id ?? '');
  const history = bundle.history ? groupBy(bundle.history, (h) => h.post_id) : undefined;
  const archived = groupBy(
    bundle.images.filter((i) => i.kind === 'rejected'),
    (i) => i.history_id ?? '',
  );
  const reopened = groupBy(
    bundle.images.filter((i) => i.kind === 'reopen'),
    (i) => i.history_id ?? '',
  );
  const ratings = new Map((bundle.ratings ?? []).map((r) => [r.post_id, r]));
  const rejections = new Map((bundle.rejections?.history ?? []).map((h) => [h.post_id, h]));
  const rejectionImages = groupBy(bundle.rejections?.images ?? [], (i) => `${i.history_id ?? ''}:${i.kind}`);

  return bundle.rows.map((row) => {
    const postImages = images.get(row.id) ?? [];
    const myVote = mine.get(row.id);
    const postVotes = votes ? (votes.get(row.id) ?? []) : undefined;
    const finalImages = postImages.filter((i) => i.kind === 'final').map((i) => presentImage(origin, i));
    const caption = opts.card && row.author_id !== opts.viewerId ? shortenText(row.caption) : { text: row.caption, truncated: false };
    const finalCaption = row.final_caption !== null && opts.card ? shortenText(row.final_caption) : { text: row.final_caption ?? '', truncated: false };
    // Anonymous reports (policies/anonymity.ts): no name, id, email or photo of the reporter anywhere in the answer.
    const named = mayIdentifyReporter(opts.reader ?? null, row);
    const voters = named || !postVotes ? postVotes : postVotes.filter((v) => v.account_id !== row.author_id);
    const postHistory = history?.get(row.id) ?? [];
    return {
      _id: row.id,
      reference: row.reference,
      caption: caption.text,
      ...(caption.truncated ? { captionTruncated: true } : {}),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      images: postImages.filter((i) => i.kind === 'report').map((i) => presentImage(origin, i)),
      user: named
        ? {
            _id: row.author_id,
            name: row.author_name,
            email: row.author_email,
            role: row.author_role,
            profilePhoto: fileUrl(origin, row.author_photo),
          }
        : ANONYMOUS_USER,
      ...(row.anonymous === 1 ? { anonymous: true } : {}),
      priority: row.priority,
      category: row.category,
      currentState: row.current_state,
      progressState: row.progress_state,
      location: { country: COUNTRY, ...storedLocation(row) },
      ...(voters ? { upvotes: voterIds(voters, myVote, 'upvote', voteCap), downvotes: voterIds(voters, myVote, 'downvote', voteCap) } : {}),
      upvoteCount: row.upvote_count,
      downvoteCount: row.downvote_count,
      myVote: myVote?.type ?? null,
      comments: (comments.get(row.id) ?? []).map((c) => presentComment(c, replies.get(c.id) ?? [], bundle.replyCounts.get(c.id) ?? 0, opts.card)),
      commentCount: row.comment_count,
      followerCount: row.follower_count,
      assignedGovernment: row.assigned_government,
      // Issue 16: overdue / escalated as of now, from the stored due times (exact between sweeps).
      ...(row.response_due_at && row.resolution_due_at
        ? {
            serviceLevel: serviceLevelStateOf(
              { createdAt: row.created_at, responseDueAt: row.response_due_at, resolutionDueAt: row.resolution_due_at, progressState: row.progress_state },
              nowMs,
            ),
          }
        : {}),
      finalUpdate:
        row.final_caption !== null
          ? { caption: finalCaption.text, ...(finalCaption.truncated ? { captionTruncated: true } : {}), images: finalImages }
          : null,
      ...(history
        ? {
            history: postHistory.map((h) => {
              // One rating per report: on its (latest) verify entry.
              const lastVerify = postHistory.findLast((e) => e.action === 'verify');
              const entry = presentHistory(h, archived.get(h.id) ?? [], origin, {
                photos: reopened.get(h.id),
                rating: h === lastVerify ? ratings.get(row.id) : undefined,
              });
              // The reporter's own moves (verify, reject, appeal) name them too.
              return !named && h.actor_id === row.author_id ? { ...entry, actor: { _id: null, name: ANONYMOUS_NAME, role: entry.actor.role } } : entry;
            }),
          }
        : {}),
      ...rejectedUpdateOf(row, rejections.get(row.id), rejectionImages, origin),
    };
  });
}

/** Post.rejectedUpdate: the latest turned-down proof, while the report has no current one (see postSchema). */
function rejectedUpdateOf(row: PostRow, h: HistoryRow | undefined, images: Map<string, ImageRow[]>, origin: string): { rejectedUpdate?: NonNullable<Post['rejectedUpdate']> } {
  if (!h || row.final_caption !== null || !SHOWS_REJECTION(row.progress_state)) return {};
  return {
    rejectedUpdate: {
      caption: h.final_caption ?? '',
      images: (images.get(`${h.id}:rejected`) ?? []).map((i) => presentImage(origin, i)),
      reason: h.note ?? '',
      photos: (images.get(`${h.id}:reopen`) ?? []).map((i) => presentImage(origin, i)),
      rejectedAt: h.created_at,
    },
  };
}

/**
 * Whether a card still shows the proof the reporter turned down: while a department is at work again (not
 * Unseen, a release; not Waiting or Finished, which have a newer proof).
 */
export const SHOWS_REJECTION = (state: string): boolean => state !== 'Unseen' && state !== 'Waiting for User Verification' && state !== 'Finished';

/**
 * A list answer's paging keys: a paged client (with `limit`) always gets nextCursor; an unpaged one
 * (the spec's clients) gets it only when the list was cut (at LIMITS.unpagedListMax posts or at
 * LIMITS.answerBytesMax bytes).
 */
export function pagingOf(page: { nextCursor: string | null }, paged: boolean): { nextCursor?: string | null } {
  return paged || page.nextCursor !== null ? { nextCursor: page.nextCursor } : {};
}

/**
 * The post page for anyone (public reports, `GET /api/public/posts/{id}`): the report and its workflow,
 * without its people. No reporter, no voter ids, no comments (their count only); in the timeline the
 * departments keep their names (public offices), citizens and admins are named by their part only and
 * their words (a reporter's reason for rejecting a fix) are left out, like comments. While the report is
 * not finished, where it is stays at the open data rule: state, city and pincode, the pin rounded to
 * about 100 m, no street address or landmark (which could point at the reporter's own door).
 */
export function toPublicPost(post: Post): PublicPost {
  const finished = post.progressState === 'Finished';
  const { lat, lng } = post.location.coordinates;
  return {
    _id: post._id,
    reference: post.reference,
    caption: post.caption,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    images: post.images,
    priority: post.priority,
    category: post.category,
    currentState: post.currentState,
    progressState: post.progressState,
    location: {
      ...post.location,
      ...(finished ? {} : { address: '', landmark: '' }),
      coordinates: { lat: publicCoordinate(lat, finished), lng: publicCoordinate(lng, finished) },
    },
    upvoteCount: post.upvoteCount,
    downvoteCount: post.downvoteCount,
    commentCount: post.commentCount,
    followerCount: post.followerCount,
    ...(post.duplicateOf ? { duplicateOf: post.duplicateOf } : {}),
    ...(post.serviceLevel ? { serviceLevel: post.serviceLevel } : {}),
    finalUpdate: post.finalUpdate,
    history: (post.history ?? []).map((entry) =>
      entry.actor.role === 'government'
        ? { ...entry, by: undefined }
        : // A citizen's words and photos stay out (their rating's value only, like the admin's figures).
          { ...entry, actor: { _id: null, name: '', role: entry.actor.role }, note: null, by: undefined, photos: undefined, ...(entry.rating ? { rating: { rating: entry.rating.rating, comment: null } } : {}) },
    ),
  };
}

/** A map popup shows the start of the caption. */
const PUBLIC_MAP_CAPTION_CHARS = 140;

/** A street-level report of the public map, placed as public views place it (publicCoordinate while open). */
export function toMapPoint(row: { id: string; reference: string; caption: string; category: string; progress_state: string; finished: number; lat: number; lng: number }): PublicMapPoint {
  const finished = row.finished === 1;
  return {
    _id: row.id,
    reference: row.reference,
    caption: shortenText(row.caption, PUBLIC_MAP_CAPTION_CHARS).text,
    category: row.category as Category,
    progressState: row.progress_state as ProgressState,
    lat: publicCoordinate(Number(row.lat), finished),
    lng: publicCoordinate(Number(row.lng), finished),
  };
}
