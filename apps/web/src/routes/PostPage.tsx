import { lazy } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ACKNOWLEDGEMENT_UI, DASHBOARD_PATH, POST_UI } from '@civicpulse/shared';
import { usePost } from '../api/posts';
import { useGovMe } from '../api/government';
import { AppealPanel } from '../components/posts/AppealPanel';
import { CommunityPostCard } from '../components/posts/CommunityPostCard';
import { DuplicateBanner } from '../components/posts/DuplicateBanner';
import { DuplicateControls } from '../components/posts/DuplicateControls';
import { FollowButton } from '../components/posts/FollowButton';
import { FlagButton } from '../components/moderation/FlagButton';
import { HiddenNotice } from '../components/moderation/HiddenNotice';
import { InternalNotes } from '../components/posts/InternalNotes';
import { PhotoRedaction } from '../components/posts/PhotoRedaction';
import { PostQueryState } from '../components/posts/PostQueryState';
import { FinalProof, ProgressTimeline } from '../components/timeline';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized } from '../i18n';
import { useSession } from '../session/useSession';

const PublicPostPage = lazy(() => import('./PublicPostPage'));

/**
 * /post/{postId} (spec 2.7): one post with all its comments when signed in. A visitor without an account
 * reads the public view of the report instead (PublicPostPage; the spec sent visitors to /login with
 * 'Please login to view the post', which lost the link and hid reports that are the public's business).
 */
export default function PostPage() {
  const session = useSession();
  if (!session.token) return <PublicPostPage />;
  return <SignedInPostPage />;
}

function SignedInPostPage() {
  const ui = useLocalized(POST_UI);
  const ack = useLocalized(ACKNOWLEDGEMENT_UI);
  usePageTitle(ui.postHeading);
  const { postId = '' } = useParams();
  const post = usePost(postId);
  const session = useSession();
  // A department's member works for its department: notes are the department's (department teams).
  const govMe = useGovMe(session.role === 'government');
  // The reporter lands here right after filing (Create Civic Issue): offer their list as well.
  const ownReport = post.data !== undefined && session.role === 'user' && post.data.user._id === session.id;

  // The route guard (RequireRole, App.tsx) sends visitors without a token to /login with 'Please login to view the post'.
  return (
    <div className="page max-w-3xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{ui.postHeading}</h1>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {ownReport && (
            <Link to={`${DASHBOARD_PATH.user}/userPosts`} className="text-sm font-semibold text-brand-700 hover:underline">
              {ui.goToMyIssues}
            </Link>
          )}
          {ownReport && (
            <Link to={`/post/${postId}/acknowledgement`} className="text-sm font-semibold text-brand-700 hover:underline">
              {ack.link}
            </Link>
          )}
          <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
            {ui.backToFeed}
          </Link>
        </div>
      </div>
      {/* Duplicates: which report this one repeats; admins and departments mark or un-mark it. */}
      <DuplicateBanner duplicateOf={post.data?.duplicateOf} />
      {/* Moderation: a hidden report is open to its author (with "Ask for a review") and admins only. */}
      {post.data?.hidden && <HiddenNotice kind="post" id={postId} author={post.data.user._id === session.id} />}
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        {post.data && !post.data.hidden && post.data.user._id !== session.id && <FlagButton kind="post" id={postId} label={post.data.caption.slice(0, 80)} />}
        <FollowButton postId={postId} />
      </div>
      {post.data && <DuplicateControls post={post.data} />}
      <div className="mt-3">
        <PostQueryState post={post}>
          {(data) => (
            <CommunityPostCard
              post={data}
              linkToPost={false}
              headingLevel="h2"
              commentsInitiallyOpen
              eagerMap
              commentLimit={Number.POSITIVE_INFINITY}
            >
              {/* The timeline below shows a turned-down proof already. */}
              <FinalProof post={data} rejected={false} />
              <ProgressTimeline post={data} className="mt-4" />
            </CommunityPostCard>
          )}
        </PostQueryState>
      </div>
      {/* Its reporter appeals against the fix; the department's head or an admin answers (department teams). */}
      {post.data && <AppealPanel post={post.data} />}
      {/* Admins and the department handling the report blur faces or number plates on its photos. */}
      {post.data && <PhotoRedaction post={post.data} />}
      {/* The department handling the report and admins keep notes on it; nobody else sees them. */}
      {post.data && (session.role === 'admin' || (session.role === 'government' && post.data.assignedGovernment !== null && post.data.assignedGovernment === (govMe.data?.departmentId ?? session.id))) && (
        <InternalNotes postId={postId} />
      )}
    </div>
  );
}
