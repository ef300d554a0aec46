import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';

/** View Issues (spec 2.11 list 1): posts no department has taken over. */
export default function ViewPosts() {
  usePageTitle('View Issues');
  return (
    <GovPostList scope="unassigned" heading={GOV_UI.viewIssuesHeading} intro={GOV_UI.viewIssuesIntro} emptyText={GOV_UI.emptyUnassigned} />
  );
}
