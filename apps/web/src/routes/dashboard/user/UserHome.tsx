import { DASHBOARD_PATH } from '@civicpulse/shared';
import { useSession } from '../../../session/useSession';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTranslation } from '../../../i18n';

const u = DASHBOARD_PATH.user;

export default function UserHome() {
  const { t } = useTranslation('user');
  usePageTitle(t('home.title'));
  const { name } = useSession();
  return (
    <div>
      <WelcomeBanner title={name ? t('home.welcome', { name }) : t('home.welcomeNoName')}>{t('home.intro')}</WelcomeBanner>
      <ShortcutGrid
        items={[
          { to: `${u}/createPost`, title: t('home.createTitle'), body: t('home.createBody') },
          { to: `${u}/userPosts`, title: t('home.myIssuesTitle'), body: t('home.myIssuesBody') },
          { to: '/', title: t('home.otherIssuesTitle'), body: t('home.otherIssuesBody') },
          { to: `${u}/userProfile`, title: t('home.profileTitle'), body: t('home.profileBody') },
        ]}
      />
    </div>
  );
}
