import { useEffect, useId, useState } from 'react';
import { ADMIN_TEXTS, ADMIN_UI } from '@civicpulse/shared';
import { useAuditLog } from '../../../api/admin';
import { ListState, queryListProps, ScreenHeading } from '../../../components/admin/AdminList';
import { usePageTitle } from '../../../components/usePageTitle';
import toast from '../../../toast';
import { localized, useLocalized, useTranslation } from '../../../i18n';
import { useSession } from '../../../session/useSession';
import { useFormat } from '../../../i18n/format';

/** Every admin action: who, what, target, reason, when; newest first. "Only my actions" keeps the signed-in admin's. */
export default function AuditLog() {
  const ui = useLocalized(ADMIN_UI);
  const texts = useLocalized(ADMIN_TEXTS);
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const session = useSession();
  const [onlyMine, setOnlyMine] = useState(false);
  const mineId = useId();
  usePageTitle(ui.auditTitle);
  const query = useAuditLog(onlyMine ? session.id : undefined);
  useEffect(() => {
    if (query.isError) toast.error(localized(ADMIN_TEXTS).fetchAuditFailed);
  }, [query.isError]);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title={ui.auditTitle} intro={ui.auditIntro} />
      <div className="mt-4 flex items-center gap-2">
        <input id={mineId} type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-700" checked={onlyMine} onChange={(e) => setOnlyMine(e.target.checked)} />
        <label htmlFor={mineId} className="text-sm text-slate-800">
          {t('audit.onlyMine')}
        </label>
      </div>
      <div className="mt-4">
        <ListState
          {...queryListProps(query)}
          empty={entries.length === 0}
          errorTitle={texts.fetchAuditFailed}
          emptyText={ui.emptyAudit}
        >
          <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="audit-log">
            {entries.map((e) => (
              <li key={e._id} className="px-4 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">{ui.auditActions[e.action]}</p>
                  <time dateTime={e.createdAt} className="text-xs text-slate-600">
                    {date(e.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </div>
                <p className="mt-0.5 text-sm break-words text-slate-800">{e.targetLabel}</p>
                <p className="text-xs text-slate-600">{ui.auditBy(e.actorName)}</p>
                {e.reason && <p className="mt-1 rounded bg-slate-50 px-2 py-1 text-sm break-words text-slate-700">{e.reason}</p>}
              </li>
            ))}
          </ol>
        </ListState>
      </div>
    </section>
  );
}
