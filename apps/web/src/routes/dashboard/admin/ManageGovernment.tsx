import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_LIMITS, ADMIN_TEXTS, ADMIN_UI, JURISDICTION_TEXTS, MY_POSTS_UI, TEXTS, formatIndianPhone, type AdminGovernment } from '@civicpulse/shared';
import { useAdminGovernments, useDeleteGovernment, useRevokeGovernment, useVerifyGovernment, type AdminGovernmentFilters } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { ListState, queryListProps, runWrite, ScreenHeading, SearchBox, SelectFilter, Toolbar, formatDate } from '../../../components/admin/AdminList';
import { ProofViewer } from '../../../components/admin/ProofViewer';
import { TextAreaField } from '../../../components/form/Field';
import { FormActions } from '../../../components/form/FormActions';
import { JurisdictionEditor } from '../../../components/government/JurisdictionEditor';
import { usePageTitle } from '../../../components/usePageTitle';
import { EmailText } from '../../../components/EmailText';
import toast from '../../../toast';
import { localized, useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

function RevokeDialog({ government, busy, onConfirm, onCancel }: { government: AdminGovernment; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const titleId = useId();
  const reasonId = useId();
  const ui = useLocalized(ADMIN_UI);
  const myPosts = useLocalized(MY_POSTS_UI);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) return setProblem(localized(ADMIN_TEXTS).reasonRequired);
    onConfirm(reason.trim());
  };
  return (
    <Modal labelledBy={titleId} onClose={onCancel} busy={busy} role="alertdialog">
      <form
        className="p-5 sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          {ui.revokeTitle(government.authorityName)}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{ui.revokeBody}</p>
        <TextAreaField
          id={reasonId}
          label={ui.reason}
          className="mt-4"
          inputClassName="min-h-24"
          value={reason}
          maxLength={ADMIN_LIMITS.reasonMaxChars}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${reasonId}-problem` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
          after={
            problem && (
              <p id={`${reasonId}-problem`} className="mt-1 text-sm text-red-800">
                {problem}
              </p>
            )
          }
        />
        <FormActions cancelLabel={myPosts.cancel} onCancel={onCancel} actionLabel={ui.revoke} busyLabel={ui.revoking} busy={busy} danger />
      </form>
    </Modal>
  );
}

/** An admin edits a department's jurisdiction, typically while verifying it (issue 16 item 3). */
function JurisdictionDialog({ government, onClose }: { government: AdminGovernment; onClose: () => void }) {
  const titleId = useId();
  const jurisdiction = useLocalized(JURISDICTION_TEXTS);
  const myPosts = useLocalized(MY_POSTS_UI);
  return (
    <Modal labelledBy={titleId} onClose={onClose} size="lg">
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {`${jurisdiction.heading}: ${government.authorityName}`}
          </h2>
          <button type="button" className="btn-ghost border border-slate-300" onClick={onClose}>
            {myPosts.cancel}
          </button>
        </div>
        <div className="mt-3">
          <JurisdictionEditor departmentId={government._id} onSaved={onClose} />
        </div>
      </div>
    </Modal>
  );
}

function GovernmentCard({
  g,
  onVerify,
  verifying,
  onRevoke,
  onDelete,
  onProof,
  onJurisdiction,
}: {
  g: AdminGovernment;
  onVerify: () => void;
  verifying: boolean;
  onRevoke: () => void;
  onDelete: () => void;
  onProof: () => void;
  onJurisdiction: () => void;
}) {
  const ui = useLocalized(ADMIN_UI);
  const jurisdiction = useLocalized(JURISDICTION_TEXTS);
  const { t } = useTranslation('admin');
  const { number } = useFormat();
  return (
    <article className="card p-4 sm:p-5" aria-labelledby={`gov-${g._id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`gov-${g._id}`} className="text-base font-semibold break-words text-slate-900">
            {g.authorityName}
          </h2>
          <p className="text-sm text-slate-700">
            <EmailText email={g.email} />
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${g.isVerified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {g.isVerified ? ui.verified : ui.pendingVerification}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600">{t('governments.phone')}</dt>
          <dd className="text-slate-900">{g.phone ? formatIndianPhone(g.phone) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('governments.city')}</dt>
          <dd className="text-slate-900">{g.city || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{ui.joined}</dt>
          <dd className="text-slate-900">
            <time dateTime={g.createdAt}>{formatDate(g.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{ui.resolvedCount}</dt>
          <dd className="text-slate-900">{number(g.resolvedIssuesCount)}</dd>
        </div>
      </dl>
      {!g.isVerified && g.revokedReason && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{ui.revokedBecause(g.revokedReason)}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {g.proofDocumentUrl ? (
          <button type="button" className="btn-secondary" onClick={onProof}>
            {ui.viewProof}
          </button>
        ) : (
          <span className="self-center text-sm text-slate-600">{ui.noProof}</span>
        )}
        {g.isVerified ? (
          <button type="button" className="btn-ghost border border-amber-300 text-amber-900 hover:bg-amber-50" onClick={onRevoke}>
            {ui.revoke}
          </button>
        ) : (
          <button type="button" className="btn-primary" onClick={onVerify} disabled={verifying} aria-busy={verifying}>
            {verifying ? ui.verifying : ui.verify}
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={onJurisdiction}>
          {jurisdiction.editJurisdiction}
        </button>
        <button type="button" className="btn-ghost border border-red-200 text-red-800 hover:bg-red-50" onClick={onDelete}>
          {ui.deleteUser}
        </button>
        <Link className="btn-ghost self-center" to={`/user/profile/government/${g._id}`}>
          {ui.viewProfile}
        </Link>
      </div>
    </article>
  );
}

/** Manage Government Accounts (spec 2.13): pending first, proof document, Verify, Revoke, Delete, profile link. */
export default function ManageGovernment() {
  const { t } = useTranslation('admin');
  const ui = useLocalized(ADMIN_UI);
  const texts = useLocalized(ADMIN_TEXTS);
  const common = useLocalized(TEXTS);
  usePageTitle(t('titles.manageGovernment'));
  const statusOptions = [
    { value: 'pending' as const, label: ui.pending },
    { value: 'verified' as const, label: ui.verified },
  ];
  const [filters, setFilters] = useState<AdminGovernmentFilters>({ q: '', status: null });
  const query = useAdminGovernments(filters);
  const verify = useVerifyGovernment();
  const revoke = useRevokeGovernment();
  const remove = useDeleteGovernment();
  const [proof, setProof] = useState<AdminGovernment | null>(null);
  const [revoking, setRevoking] = useState<AdminGovernment | null>(null);
  const [deleting, setDeleting] = useState<AdminGovernment | null>(null);
  const [editing, setEditing] = useState<AdminGovernment | null>(null);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q })), []);

  useEffect(() => {
    if (query.isError) toast.error(localized(ADMIN_TEXTS).fetchGovernmentsFailed);
  }, [query.isError]);

  const governments = query.data?.pages.flatMap((p) => p.governments) ?? [];
  return (
    <section aria-labelledby="screen-title" className="max-w-4xl">
      <ScreenHeading title={t('titles.manageGovernment')} intro={ui.manageGovernmentIntro} />
      <div className="mt-4">
        <Toolbar label={t('list.filters')}>
          <div className="sm:col-span-2">
            <SearchBox label={ui.searchGovernments} value={filters.q} onChange={setQ} />
          </div>
          <SelectFilter label={ui.status} value={filters.status} options={statusOptions} onChange={(status) => setFilters((f) => ({ ...f, status }))} />
        </Toolbar>
      </div>
      <div className="mt-6">
        <ListState
          {...queryListProps(query)}
          empty={governments.length === 0}
          errorTitle={texts.fetchGovernmentsFailed}
          emptyText={ui.emptyGovernments}
        >
          <ul className="space-y-4" data-testid="admin-governments">
            {governments.map((g) => (
              <li key={g._id}>
                <GovernmentCard
                  g={g}
                  verifying={verify.isPending && verify.variables === g._id}
                  onVerify={() => runWrite(verify, g._id, { success: common.success.governmentVerified, failure: texts.verifyGovernmentFailed })}
                  onRevoke={() => setRevoking(g)}
                  onDelete={() => setDeleting(g)}
                  onProof={() => setProof(g)}
                  onJurisdiction={() => setEditing(g)}
                />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {proof && <ProofViewer government={proof} onClose={() => setProof(null)} />}
      {editing && <JurisdictionDialog government={editing} onClose={() => setEditing(null)} />}
      {revoking && (
        <RevokeDialog
          government={revoking}
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={(reason) =>
            runWrite(revoke, { govId: revoking._id, reason }, { success: texts.governmentRevoked, failure: texts.revokeGovernmentFailed }, (ok) => ok && setRevoking(null))
          }
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={ui.deleteGovernmentTitle(deleting.authorityName)}
          confirmLabel={ui.deleteUser}
          busyLabel={ui.deleting}
          busy={remove.isPending}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            runWrite(remove, deleting._id, { success: common.success.governmentDeleted, failure: texts.deleteGovernmentFailed }, () => setDeleting(null))
          }
        >
          {ui.deleteGovernmentBody}
        </ConfirmDialog>
      )}
    </section>
  );
}
