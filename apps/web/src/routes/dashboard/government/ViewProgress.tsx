import { GOV_UI, TEAM_UI, type GovScope } from '@civicpulse/shared';
import { GovPostList } from '../../../components/government/GovPostList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAddressParams } from '../../../components/useAddressParams';
import { useLocalized, useTranslation } from '../../../i18n';

const QUEUES = ['assigned', 'mine', 'team'] as const satisfies readonly GovScope[];
type Queue = (typeof QUEUES)[number];

/**
 * View Progress (spec 2.11 list 2): this department's posts that are not Finished; with a team, narrowed
 * to the ones assigned to me or to nobody in the department (?queue=mine|team, so a reload keeps it).
 */
export default function ViewProgress() {
  const { t: menuT } = useTranslation('common');
  const ui = useLocalized(GOV_UI);
  const team = useLocalized(TEAM_UI);
  usePageTitle(menuT('menus.government.viewProgress'));
  const [params, setParams] = useAddressParams();
  const asked = params.get('queue');
  const queue: Queue = asked === 'mine' || asked === 'team' ? asked : 'assigned';
  const label: Record<Queue, string> = { assigned: team.queueAll, mine: team.scopeMine, team: team.scopeTeam };
  const choose = (next: Queue) => setParams((p) => (next === 'assigned' ? p.delete('queue') : p.set('queue', next)));
  const picker = (
    <div role="group" aria-label={team.queueLabel} className="mt-4 flex flex-wrap gap-2" data-testid="queue-picker">
      {QUEUES.map((q) => (
        <button
          key={q}
          type="button"
          aria-pressed={queue === q}
          className={queue === q ? 'btn-primary' : 'btn-secondary'}
          onClick={() => choose(q)}
        >
          {label[q]}
        </button>
      ))}
    </div>
  );
  return <GovPostList key={queue} scope={queue} heading={ui.viewProgressHeading} intro={ui.viewProgressIntro} emptyText={ui.emptyAssigned} above={picker} />;
}
