import { POST_UI } from '@civicpulse/shared';
import { useDownvotedPosts } from '../../../api/posts';
import { VotedPostsList } from '../../../components/posts/VotedPostsList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

export default function DownvotedIssues() {
  const { t } = useTranslation('posts');
  const ui = useLocalized(POST_UI);
  usePageTitle(t('titles.downvoted'));
  const query = useDownvotedPosts();
  return (
    <VotedPostsList
      heading={ui.downvotedHeading}
      emptyText={ui.noDownvoted}
      loadingLabel={ui.loading}
      query={query}
    />
  );
}
