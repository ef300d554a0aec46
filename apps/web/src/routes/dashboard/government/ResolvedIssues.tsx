import { GOV_UI } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';

/** Resolved Issues (spec 2.11 list 3): this department's Finished posts. */
export default function ResolvedIssues() {
  usePageTitle('Resolved Issues');
  return (
    <GovPostList scope="resolved" heading={GOV_UI.resolvedHeading} intro={GOV_UI.resolvedIntro} emptyText={GOV_UI.emptyResolved} />
  );
}
