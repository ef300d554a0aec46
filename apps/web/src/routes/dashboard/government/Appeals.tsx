import { useState } from 'react';
import { TEAM_LIMITS, type Appeal } from '@civicpulse/shared';
import { useOpenAppeals } from '../../../api/appeals';
import { useGovMe } from '../../../api/government';
import { ListState, queryListProps, ScreenHeading } from '../../../components/admin/AdminList';
import { AppealAnswerDialog, AppealCard } from '../../../components/posts/AppealParts';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTranslation } from '../../../i18n';

/**
 * The department's open appeals (department teams), soonest due first, with "Load more": each report's
 * reference and caption (a link to its page), the reporter's reason, when the answer is due and whether
 * it is overdue. The head answers those that are theirs to answer; an appeal filed while the department
 * had no members is the admins' (its card says so).
 */
export default function Appeals() {
  const { t } = useTranslation('posts');
  usePageTitle(t('appealList.title'));
  const me = useGovMe();
  const query = useOpenAppeals('gov');
  const [answering, setAnswering] = useState<Appeal | null>(null);
  const isHead = me.data?.teamRole === 'head';
  const appeals = query.data?.pages.flatMap((p) => p.appeals) ?? [];

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title={t('appealList.title')} intro={t('appealList.intro', { days: TEAM_LIMITS.appealDays })} />
      <div className="mt-6">
        <ListState {...queryListProps(query)} empty={appeals.length === 0} errorTitle={t('appealList.loadFailed')} emptyText={t('appealList.empty')}>
          <ul className="space-y-4" data-testid="gov-appeals">
            {appeals.map((a) => (
              <li key={a.postId}>
                <AppealCard
                  appeal={a}
                  canAnswer={isHead && a.handler === 'head'}
                  onAnswer={() => setAnswering(a)}
                  note={a.handler === 'head' ? t('appealList.onlyHead') : undefined}
                />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {answering && <AppealAnswerDialog postId={answering.postId} reference={answering.reference} who="gov" onClose={() => setAnswering(null)} />}
    </section>
  );
}
