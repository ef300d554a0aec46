import { useId, useState, type FormEvent } from 'react';
import { TEAM_LIMITS, TEAM_UI } from '@civicpulse/shared';
import { FormActions } from '../form/FormActions';
import { Modal } from '../Modal';
import { useLocalized } from '../../i18n';

export interface GoBackDialogProps {
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Going back a stage asks why: the reporter reads the reason on the timeline, so a report never moves
 * backwards unexplained. The server takes it as optional (the spec's client sends none); ours requires it.
 */
export function GoBackDialog({ busy, onConfirm, onCancel }: GoBackDialogProps) {
  const ui = useLocalized(TEAM_UI);
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setProblem(ui.goBackNeedsReason);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Modal labelledBy={titleId} onClose={onCancel} busy={busy}>
      <form className="p-5 sm:p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {ui.goBackHeading}
        </h2>
        <label htmlFor={fieldId} className="field-label mt-3">
          {ui.goBackReason}
        </label>
        <textarea
          id={fieldId}
          className="field-input min-h-24"
          value={reason}
          maxLength={TEAM_LIMITS.reasonMaxChars}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          required
        />
        {problem && (
          <p id={errorId} className="mt-1 text-sm text-red-800" role="alert">
            {problem}
          </p>
        )}
        <FormActions cancelLabel={ui.cancel} onCancel={onCancel} actionLabel={ui.goBackConfirm} busy={busy} />
      </form>
    </Modal>
  );
}
