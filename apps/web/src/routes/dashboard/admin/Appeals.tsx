import { useState } from 'react';
import type { Appeal } from '@civicpulse/shared';
import { useOpenAppeals } from '../../../api/appeals';
import { ListState, queryListProps, ScreenHeading } from '../../../components/admin/AdminList';
import { AppealAnswerDialog, AppealCard } from '../../../components/posts/AppealParts';
import { usePageTitle } from '../../../components/usePageTitle';
import { useTranslation } from '../../../i18n';

/**
 * The admins' open appeals (department teams): those of departments without members, and every one past
 * its due date, soonest due first. An admin answers any of them here (or on the report's page).
 */
export default function Appeals() {
  const { t } = useTranslation('admin');
  usePageTitle(t('titles.appeals'));
  const query = useOpenAppeals('admin');
  const [answering, setAnswering] = useState<Appeal | null>(null);
  const appeals = query.data?.pages.flatMap((p) => p.appeals) ?? [];

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title={t('titles.appeals')} intro={t('appeals.intro')} />
      <div className="mt-6">
        <ListState {...queryListProps(query)} empty={appeals.length === 0} errorTitle={t('appeals.loadFailed')} emptyText={t('appeals.empty')}>
          <ul className="space-y-4" data-testid="admin-appeals">
            {appeals.map((a) => (
              <li key={a.postId}>
                <AppealCard appeal={a} canAnswer onAnswer={() => setAnswering(a)} />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {answering && <AppealAnswerDialog postId={answering.postId} reference={answering.reference} who="admin" onClose={() => setAnswering(null)} />}
    </section>
  );
}
