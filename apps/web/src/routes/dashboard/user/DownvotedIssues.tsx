import { POST_UI } from '@civicpulse/shared';
import { useDownvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';

export default function DownvotedIssues() {
  const query = useDownvotedPosts();
  return (
    <VotedPostsList
      heading={POST_UI.downvotedHeading}
      emptyText={POST_UI.noDownvoted}
      loadingLabel={POST_UI.loading}
      query={query}
    />
  );
}
