import { useEffect, useState, type FormEvent } from 'react';
import { OPEN311_ADMIN_TEXTS, validateOpen311Key, type Open311Key } from '@civicpulse/shared';
import { useIssueOpen311Key, useOpen311Keys, useRevokeOpen311Key } from '../../../api/open311Keys';
import { errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field } from '../../../components/form/Field';
import { ListState, queryListProps, ScreenHeading, formatDate } from '../../../components/admin/AdminList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useFormProblem } from '../../../components/useFormProblem';
import toast from '../../../toast';
import { useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { localizeMessage } from '../../../i18n/message';

/** Open311 API keys (issue 16): issue a key to a partner system (shown once), list, revoke. */
export default function ApiKeys() {
  const T = useLocalized(OPEN311_ADMIN_TEXTS);
  const { t } = useTranslation('admin');
  const { number } = useFormat();
  usePageTitle(T.title);
  const query = useOpen311Keys();
  const issue = useIssueOpen311Key();
  const revoke = useRevokeOpen311Key();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const form = useFormProblem<'name' | 'contact'>();
  const [issued, setIssued] = useState<{ name: string; apiKey: string } | null>(null);
  const [confirming, setConfirming] = useState<Open311Key | null>(null);

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, T.title));
  }, [query.isError, query.error]);

  const keys = query.data?.pages.flatMap((p) => p.keys) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = validateOpen311Key({ name, contact });
    if (bad) {
      // The validator answers English; the field is the contact one exactly when the name alone is fine.
      const contactProblem = validateOpen311Key({ name, contact: '' }) === null;
      form.report(localizeMessage(bad, OPEN311_ADMIN_TEXTS), [contactProblem ? 'contact' : 'name']);
      return;
    }
    form.clear();
    issue.mutate(
      { name: name.trim(), contact: contact.trim() },
      {
        onSuccess: (answer) => {
          setIssued({ name: answer.key.name, apiKey: answer.apiKey });
          setName('');
          setContact('');
          toast.success(T.issued);
        },
        onError: (err) => toast.error(errorMessage(err, T.issue)),
      },
    );
  };

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.apiKey);
      toast.success(T.copied);
    } catch {
      // Clipboard refused (permissions, insecure origin): the key stays selected on screen to copy by hand.
      document.getElementById('issued-key')?.focus();
    }
  };

  const confirmRevoke = () => {
    if (!confirming) return;
    revoke.mutate(confirming._id, {
      onSuccess: () => {
        toast.success(T.revoked);
        setConfirming(null);
      },
      onError: (err) => {
        toast.error(errorMessage(err, T.revoke));
        setConfirming(null);
      },
    });
  };

  return (
    <section aria-labelledby="screen-title" className="max-w-4xl">
      <ScreenHeading title={T.title} intro={T.intro} />

      <form ref={form.formRef} onSubmit={submit} noValidate className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field
          label={T.nameLabel}
          name="name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => {
            setName(e.target.value);
            form.fix('name');
          }}
          problem={form.field('name')}
        />
        <Field
          label={T.contactLabel}
          name="contact"
          value={contact}
          maxLength={200}
          onChange={(e) => {
            setContact(e.target.value);
            form.fix('contact');
          }}
          problem={form.field('contact')}
        />
        <button type="submit" className="btn-primary" disabled={issue.isPending} aria-busy={issue.isPending}>
          {T.issue}
        </button>
      </form>

      {issued && (
        <section aria-labelledby="issued-key-title" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="issued-key">
          <p id="issued-key-title" className="font-semibold text-slate-900">
            {T.issued}: {issued.name}
          </p>
          <p className="mt-1 text-sm text-slate-800">{T.shownOnce}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor="issued-key" className="sr-only">
              {T.title}
            </label>
            <input
              id="issued-key"
              readOnly
              value={issued.apiKey}
              onFocus={(e) => e.currentTarget.select()}
              className="field-input min-w-0 flex-1 font-mono text-sm"
            />
            <button type="button" className="btn-ghost border border-slate-300" onClick={() => void copy()}>
              {T.copy}
            </button>
          </div>
        </section>
      )}

      <div className="mt-6">
        <ListState {...queryListProps(query)} empty={keys.length === 0} errorTitle={T.title} emptyText={T.empty}>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="api-keys">
            {keys.map((k) => (
              <li key={k._id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">
                    {k.name}{' '}
                    <span className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${k.revokedAt ? 'bg-slate-200 text-slate-700' : 'bg-green-100 text-green-800'}`}>
                      {k.revokedAt ? T.revokedStatus : T.active}
                    </span>
                  </p>
                  {k.contact && <p className="text-sm break-words text-slate-700">{k.contact}</p>}
                  <dl className="mt-1 grid grid-cols-2 gap-x-4 text-xs text-slate-600 sm:flex sm:flex-wrap">
                    <div>
                      <dt className="inline">{T.columns.prefix}: </dt>
                      <dd className="inline font-mono">{k.prefix}…</dd>
                    </div>
                    <div>
                      <dt className="inline">{T.columns.created}: </dt>
                      <dd className="inline">{formatDate(k.createdAt)}</dd>
                    </div>
                    <div>
                      <dt className="inline">{T.columns.lastUsed}: </dt>
                      <dd className="inline">{k.lastUsedAt ? formatDate(k.lastUsedAt) : T.never}</dd>
                    </div>
                    <div>
                      <dt className="inline">{T.columns.requests}: </dt>
                      <dd className="inline">{number(k.requestCount)}</dd>
                    </div>
                  </dl>
                </div>
                {!k.revokedAt && (
                  <button
                    type="button"
                    className="btn-ghost self-start border border-red-200 text-red-800 hover:bg-red-50 sm:self-center"
                    onClick={() => setConfirming(k)}
                    aria-label={t('apiKeys.revokeNamed', { name: k.name })}
                  >
                    {T.revoke}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </ListState>
      </div>

      {confirming && (
        <ConfirmDialog title={t('apiKeys.revokeTitle', { name: confirming.name })} confirmLabel={T.revoke} danger busy={revoke.isPending} onConfirm={confirmRevoke} onCancel={() => setConfirming(null)}>
          {T.revokeConfirm}
        </ConfirmDialog>
      )}
    </section>
  );
}
