import { POST_UI } from '@civicpulse/shared';
import { useUpvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';
import { usePageTitle } from '../../../components/usePageTitle';

export default function UpvotedIssues() {
  usePageTitle('Upvoted Issues');
  const query = useUpvotedPosts();
  return (
    <VotedPostsList heading={POST_UI.upvotedHeading} emptyText={POST_UI.noUpvoted} loadingLabel={POST_UI.loading} query={query} />
  );
}
