import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';

/** View Progress (spec 2.11 list 2): this department's posts that are not Finished. */
export default function ViewProgress() {
  usePageTitle('View Progress');
  return (
    <GovPostList scope="assigned" heading={GOV_UI.viewProgressHeading} intro={GOV_UI.viewProgressIntro} emptyText={GOV_UI.emptyAssigned} />
  );
}
