import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTranslation } from '../../../i18n';

export default function Posts() {
  const { t } = useTranslation('posts');
  usePageTitle(t('postsScreen.title'));
  return <PendingScreen title={t('postsScreen.title')} purpose={t('postsScreen.purpose')} />;
}
