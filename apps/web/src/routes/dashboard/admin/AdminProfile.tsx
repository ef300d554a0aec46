import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTranslation } from '../../../i18n';

export default function AdminProfile() {
  const { t } = useTranslation('admin');
  usePageTitle(t('titles.profile'));
  return <PendingScreen title={t('titles.profile')} purpose={t('profile.purpose')} />;
}
