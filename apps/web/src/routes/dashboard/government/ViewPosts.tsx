import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

/** View Issues (spec 2.11 list 1): posts no department has taken over. */
export default function ViewPosts() {
  const { t: menuT } = useTranslation('common');
  const ui = useLocalized(GOV_UI);
  usePageTitle(menuT('menus.government.viewPosts'));
  return <GovPostList scope="unassigned" heading={ui.viewIssuesHeading} intro={ui.viewIssuesIntro} emptyText={ui.emptyUnassigned} />;
}
