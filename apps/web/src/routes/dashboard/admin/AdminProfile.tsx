import { Link } from 'react-router-dom';
import { ADMIN_UI, DASHBOARD_PATH } from '@civicpulse/shared';
import { useAdminMe, useAuditLog } from '../../../api/admin';
import { Avatar } from '../../../components/Avatar';
import { EmptyState } from '../../../components/EmptyState';
import { formatDate } from '../../../components/admin/AdminList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useSession } from '../../../session/useSession';
import { useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

const a = DASHBOARD_PATH.admin;
/** The admin's screens, by their menu entry. */
const TOOLS = [
  ['auditLog', `${a}/auditLog`],
  ['manageUsers', `${a}/manageUsers`],
  ['manageGovernment', `${a}/manageGovernment`],
  ['managePosts', `${a}/managePosts`],
  ['serviceLevels', `${a}/serviceLevels`],
  ['apiKeys', `${a}/apiKeys`],
] as const;

/** The latest few entries of the audit log by this admin, with a way to the whole log. */
function LatestActions({ actor }: { actor: string }) {
  const { t } = useTranslation('admin');
  const ui = useLocalized(ADMIN_UI);
  const { date } = useFormat();
  const query = useAuditLog(actor);
  const entries = query.data?.pages[0]?.entries.slice(0, 5) ?? [];
  if (query.isPending || query.isError) return null;
  return (
    <section className="card p-5" aria-labelledby="latest-title">
      <h2 id="latest-title" className="text-lg font-semibold text-slate-900">
        {t('profile.latest')}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{ui.emptyAudit}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {entries.map((e) => (
            <li key={e._id} className="py-2">
              <p className="font-medium text-slate-900">
                {ui.auditActions[e.action]} · <span className="font-normal break-words text-slate-800">{e.targetLabel}</span>
              </p>
              <p className="text-xs text-slate-600">
                {ui.auditBy(e.actorName)} · <time dateTime={e.createdAt}>{date(e.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Link to={`${a}/auditLog`} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
        {t('profile.allActions')}
      </Link>
    </section>
  );
}

/**
 * /admin/dashboard/profile (spec: the admin's profile view): the signed-in admin's own account (name,
 * email, role, when it joined) from GET /api/admin/me, the admin's screens, and the latest admin
 * actions. Admins have no profile editing (spec: no Profile Settings link for an admin).
 */
export default function AdminProfile() {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation('common');
  const ui = useLocalized(ADMIN_UI);
  const session = useSession();
  const me = useAdminMe();
  usePageTitle(t('titles.profile'));
  if (me.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('profile.loading')}
      </p>
    );
  }
  if (me.isError) {
    return (
      <EmptyState title={t('profile.loadFailed')}>
        <button type="button" className="btn-secondary mt-3" onClick={() => void me.refetch()}>
          {ui.retry}
        </button>
      </EmptyState>
    );
  }
  const account = me.data;
  return (
    <div className="max-w-3xl space-y-6" data-testid="admin-profile">
      <section className="card flex flex-col gap-5 p-5 sm:flex-row sm:items-center" aria-labelledby="screen-title">
        <Avatar name={account.name} photo={session.profilePhoto || null} size="h-20 w-20 text-2xl" />
        <div className="min-w-0">
          <h1 id="screen-title" className="text-2xl font-bold break-words text-slate-900">
            {account.name}
          </h1>
          <p className="mt-1 text-sm text-slate-700">{t('profile.intro')}</p>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">{t('profile.email')}</dt>
            <dd className="break-all text-slate-900">{account.email}</dd>
            <dt className="font-semibold text-slate-700">{t('profile.role')}</dt>
            <dd className="text-slate-900">{t('profile.roleAdmin')}</dd>
            <dt className="font-semibold text-slate-700">{t('profile.joined')}</dt>
            <dd className="text-slate-900" data-testid="admin-joined">
              <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
            </dd>
          </dl>
        </div>
      </section>
      <nav className="card p-5" aria-labelledby="tools-title">
        <h2 id="tools-title" className="text-lg font-semibold text-slate-900">
          {t('profile.tools')}
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {TOOLS.map(([key, to]) => (
            <li key={key}>
              <Link to={to} className="block rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-slate-50">
                {common(`menus.admin.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LatestActions actor={account._id} />
    </div>
  );
}
