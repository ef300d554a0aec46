import { useCallback, useEffect, useState } from 'react';
import { ADMIN_TEXTS, ADMIN_UI, TEXTS, type AdminUser, type Role } from '@civicpulse/shared';
import { useAdminUsers, useDeleteUser, type AdminUserFilters } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListState, queryListProps, runWrite, ScreenHeading, SearchBox, SelectFilter, Toolbar, formatDate } from '../../../components/admin/AdminList';
import { useSession } from '../../../session/useSession';
import { EmailText } from '../../../components/EmailText';
import { usePageTitle } from '../../../components/usePageTitle';
import toast from '../../../toast';
import { localized, useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

const ROLES = ['user', 'government', 'admin'] as const;

/** Manage Users (spec 2.13): every account with name, email, role, joined and report count; search; delete. */
export default function ManageUsers() {
  const { t } = useTranslation('admin');
  const ui = useLocalized(ADMIN_UI);
  const texts = useLocalized(ADMIN_TEXTS);
  const common = useLocalized(TEXTS);
  const { number } = useFormat();
  usePageTitle(t('titles.manageUsers'));
  const roleOptions = ROLES.map((r) => ({ value: r, label: ui.roleNames[r] }));
  const session = useSession();
  const [filters, setFilters] = useState<AdminUserFilters>({ q: '', role: null });
  const query = useAdminUsers(filters);
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q })), []);

  useEffect(() => {
    if (query.isError) toast.error(localized(ADMIN_TEXTS).fetchUsersFailed);
  }, [query.isError]);

  const users = query.data?.pages.flatMap((p) => p.users) ?? [];
  const confirmDelete = () => {
    if (!confirming) return;
    runWrite(remove, confirming._id, { success: common.success.userDeleted, failure: texts.deleteUserFailed }, () => setConfirming(null));
  };

  return (
    <section aria-labelledby="screen-title" className="max-w-5xl">
      <ScreenHeading title={t('titles.manageUsers')} intro={ui.manageUsersIntro} />
      <div className="mt-4">
        <Toolbar label={t('list.filters')}>
          <div className="sm:col-span-2">
            <SearchBox label={ui.searchUsers} value={filters.q} onChange={setQ} />
          </div>
          <SelectFilter<Role> label={ui.role} value={filters.role} options={roleOptions} onChange={(role) => setFilters((f) => ({ ...f, role }))} />
        </Toolbar>
      </div>
      <div className="mt-6">
        <ListState
          {...queryListProps(query)}
          empty={users.length === 0}
          errorTitle={texts.fetchUsersFailed}
          emptyText={ui.emptyUsers}
        >
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm" data-testid="admin-users">
              <caption className="sr-only">{t('users.caption')}</caption>
              <thead className="hidden bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3">{t('users.name')}</th>
                  <th scope="col" className="px-4 py-3">{t('users.email')}</th>
                  <th scope="col" className="px-4 py-3">{ui.role}</th>
                  <th scope="col" className="px-4 py-3">{ui.joined}</th>
                  <th scope="col" className="px-4 py-3 text-right">{ui.reports}</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">{t('users.actions')}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {users.map((u) => {
                  const self = u._id === session.id;
                  return (
                    <tr key={u._id} className="grid grid-cols-[1fr_auto] gap-x-3 px-4 py-3 md:table-row md:px-0 md:py-0">
                      <td className="font-semibold break-words text-slate-900 md:px-4 md:py-3">
                        {u.name} {self && <span className="font-normal text-slate-600">{ui.you}</span>}
                      </td>
                      <td className="col-start-1 text-slate-700 md:px-4 md:py-3">
                        <EmailText email={u.email} />
                      </td>
                      <td className="col-start-1 text-slate-700 md:px-4 md:py-3">
                        <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{ui.roleNames[u.role]}</span>
                      </td>
                      <td className="col-start-1 text-slate-600 md:px-4 md:py-3">
                        <span className="md:sr-only">{ui.joined} </span>
                        <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>
                      </td>
                      <td className="col-start-1 text-slate-700 md:px-4 md:py-3 md:text-right">
                        <span className="md:sr-only">{ui.reports}: </span>
                        {number(u.postCount)}
                      </td>
                      <td className="col-start-2 row-span-5 row-start-1 self-center md:px-4 md:py-3 md:text-right">
                        {u.role !== 'government' && !self && (
                          <button
                            type="button"
                            className="btn-ghost border border-red-200 text-red-800 hover:bg-red-50"
                            onClick={() => setConfirming(u)}
                            aria-label={t('users.deleteNamed', { name: u.name })}
                          >
                            {ui.deleteUser}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </ListState>
      </div>
      {confirming && (
        <ConfirmDialog
          title={ui.deleteUserTitle(confirming.name)}
          confirmLabel={ui.deleteUser}
          busyLabel={ui.deleting}
          busy={remove.isPending}
          danger
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          {ui.deleteUserBody(confirming.postCount)}
        </ConfirmDialog>
      )}
    </section>
  );
}
