import { POST_UI } from '@civicpulse/shared';
import { useUpvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

export default function UpvotedIssues() {
  const { t } = useTranslation('posts');
  const ui = useLocalized(POST_UI);
  usePageTitle(t('titles.upvoted'));
  const query = useUpvotedPosts();
  return <VotedPostsList heading={ui.upvotedHeading} emptyText={ui.noUpvoted} loadingLabel={ui.loading} query={query} />;
}
