import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

/** View Progress (spec 2.11 list 2): this department's posts that are not Finished. */
export default function ViewProgress() {
  const { t: menuT } = useTranslation('common');
  const ui = useLocalized(GOV_UI);
  usePageTitle(menuT('menus.government.viewProgress'));
  return <GovPostList scope="assigned" heading={ui.viewProgressHeading} intro={ui.viewProgressIntro} emptyText={ui.emptyAssigned} />;
}
