import { DASHBOARD_PATH, GOV_UI, TEAM_UI } from '@civicpulse/shared';
import { useGovMe } from '../../../api/government';
import { PendingVerificationBanner } from '../../../components/government/PendingVerificationBanner';
import { useSession } from '../../../session/useSession';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

const g = DASHBOARD_PATH.government;

export default function GovernmentHome() {
  const { t } = useTranslation('gov');
  const { t: menuT } = useTranslation('common');
  const ui = useLocalized(GOV_UI);
  const team = useLocalized(TEAM_UI);
  usePageTitle(menuT('menus.government.title'));
  const { name } = useSession();
  const me = useGovMe();
  return (
    <div>
      <WelcomeBanner title={name ? t('home.welcomeName', { name }) : t('home.welcome')}>
        {t('home.intro')}
        {me.data && (
          <span className="mt-2 block text-sm font-semibold text-white" data-testid="resolved-count">
            {ui.resolvedCount(me.data.resolvedIssuesCount)}
          </span>
        )}
      </WelcomeBanner>
      <PendingVerificationBanner className="mt-6" />
      <ShortcutGrid
        items={[
          { to: `${g}/viewPosts`, title: menuT('menus.government.viewPosts'), body: t('home.viewPostsBody') },
          { to: `${g}/viewProgress`, title: menuT('menus.government.viewProgress'), body: t('home.viewProgressBody') },
          { to: `${g}/resolvedIssues`, title: menuT('menus.government.resolvedIssues'), body: t('home.resolvedIssuesBody') },
          // Department teams: not in the spec's side menu (spec 2.5 lists its entries), so reached from here.
          { to: `${g}/team`, title: menuT('menus.government.team'), body: team.teamShortcut },
          { to: `${g}/appeals`, title: menuT('menus.government.appeals'), body: team.appealsShortcut },
        ]}
      />
    </div>
  );
}
