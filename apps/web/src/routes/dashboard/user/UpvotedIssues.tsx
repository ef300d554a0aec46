import { POST_UI } from '@civicpulse/shared';
import { useUpvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';

export default function UpvotedIssues() {
  const query = useUpvotedPosts();
  return (
    <VotedPostsList heading={POST_UI.upvotedHeading} emptyText={POST_UI.noUpvoted} loadingLabel={POST_UI.loading} query={query} />
  );
}
