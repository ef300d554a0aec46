import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TEAM_LIMITS, TEAM_TEXTS, TEAM_UI } from '@civicpulse/shared';
import { call } from '../../api/client';
import { FormActions } from '../form/FormActions';
import { Modal } from '../Modal';
import { useLocalized } from '../../i18n';

const TRIAGE = 'triage';

export interface TransferDialogProps {
  busy: boolean;
  onConfirm: (departmentId: string | null, reason: string) => void;
  onCancel: () => void;
}

/**
 * "Not ours": the department names the responsible one (verified departments, found by name) or, when it
 * does not know, hands the report to the admins' triage queue; the reason goes on the timeline.
 */
export function TransferDialog({ busy, onConfirm, onCancel }: TransferDialogProps) {
  const ui = useLocalized(TEAM_UI);
  const texts = useLocalized(TEAM_TEXTS);
  const titleId = useId();
  const searchId = useId();
  const targetId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const departments = useQuery({
    queryKey: ['gov', 'departments', q],
    queryFn: ({ signal }) => call('GET /api/gov/departments', { query: { q: q || undefined }, signal }),
    staleTime: 60_000,
  });
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = departments.data?.departments ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return setProblem(texts.transferTargetInvalid);
    if (!reason.trim()) return setProblem(texts.transferReasonRequired);
    onConfirm(target === TRIAGE ? null : target, reason.trim());
  };

  return (
    <Modal labelledBy={titleId} onClose={onCancel} busy={busy}>
      <form className="space-y-3 p-5 sm:p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {ui.transferHeading}
        </h2>
        <div>
          <label htmlFor={searchId} className="field-label">
            {ui.transferSearch}
          </label>
          <input id={searchId} type="search" className="field-input" value={search} maxLength={120} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </div>
        <div>
          <label htmlFor={targetId} className="field-label">
            {ui.transferTarget}
          </label>
          <select id={targetId} className="field-input" value={target} onChange={(e) => {
              setTarget(e.target.value);
              setProblem(null);
            }} aria-invalid={problem === texts.transferTargetInvalid}>
            <option value="">{ui.transferChoose}</option>
            {list.map((d) => (
              <option key={d._id} value={d._id}>
                {d.city ? `${d.name} (${d.city})` : d.name}
              </option>
            ))}
            <option value={TRIAGE}>{ui.transferTriage}</option>
          </select>
          {departments.isSuccess && list.length === 0 && <p className="mt-1 text-sm text-slate-600">{ui.transferNoMatch}</p>}
        </div>
        <div>
          <label htmlFor={reasonId} className="field-label">
            {ui.transferReason}
          </label>
          <textarea
            id={reasonId}
            className="field-input min-h-20"
            value={reason}
            maxLength={TEAM_LIMITS.reasonMaxChars}
            onChange={(e) => {
              setReason(e.target.value);
              setProblem(null);
            }}
            aria-invalid={problem === texts.transferReasonRequired}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
        {problem && (
          <p id={errorId} className="text-sm text-red-800" role="alert">
            {problem}
          </p>
        )}
        <FormActions cancelLabel={ui.cancel} onCancel={onCancel} actionLabel={ui.transferConfirm} busy={busy} />
      </form>
    </Modal>
  );
}
