import { POST_UI } from '@civicpulse/shared';
import { useDownvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';
import { usePageTitle } from '../../../components/usePageTitle';

export default function DownvotedIssues() {
  usePageTitle('Downvoted Issues');
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
