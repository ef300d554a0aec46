import type { Post } from '@civicpulse/shared';
import { useVote } from '../../api/posts';
import { useSession } from '../../session/useSession';
import { PostCard, type PostCardProps } from './PostCard';

/** PostCard wired to the session and to voting (optimistic, reconciled with the server's answer). */
export function CommunityPostCard(props: Omit<PostCardProps, 'viewerId' | 'viewerRole' | 'onVote'> & { post: Post }) {
  const session = useSession();
  const vote = useVote(session.id);
  return (
    <PostCard
      {...props}
      viewerId={session.id}
      viewerRole={session.role}
      onVote={(type) => vote.mutate({ post: props.post, type })}
    />
  );
}
