import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';

/** Resolved Issues (spec 2.11 list 3): this department's Finished posts. */
export default function ResolvedIssues() {
  const { t: menuT } = useTranslation('common');
  const ui = useLocalized(GOV_UI);
  usePageTitle(menuT('menus.government.resolvedIssues'));
  return <GovPostList scope="resolved" heading={ui.resolvedHeading} intro={ui.resolvedIntro} emptyText={ui.emptyResolved} />;
}
