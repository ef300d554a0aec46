import { useId, useState, type FormEvent } from 'react';
import { FLAG_REASONS, MODERATION_TEXTS, MODERATION_UI, type FlagKind, type FlagReason } from '@civicpulse/shared';
import { useFlag } from '../../api/moderation';
import { FormActions } from '../form/FormActions';
import { Modal } from '../Modal';
import { useLocalized } from '../../i18n';

export interface FlagDialogProps {
  kind: FlagKind;
  id: string;
  onClose: () => void;
}

/**
 * Flagging for the moderators: one reason from four (a fieldset of radios, keyboard-ready), sent once.
 * The server says thanks, or why not (already flagged, one's own, too many at once) as a toast.
 */
export default function FlagDialog({ kind, id, onClose }: FlagDialogProps) {
  const ui = useLocalized(MODERATION_UI);
  const texts = useLocalized(MODERATION_TEXTS);
  const titleId = useId();
  const introId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const flag = useFlag();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setProblem(texts.reasonInvalid);
      return;
    }
    flag.mutate({ kind, id, reason }, { onSettled: (_a, error) => !error && onClose() });
  };
  return (
    <Modal labelledBy={titleId} describedBy={introId} onClose={onClose} busy={flag.isPending}>
      <form className="p-5 sm:p-6" onSubmit={submit} noValidate data-testid="flag-dialog">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {ui.flagTitle}
        </h2>
        <p id={introId} className="mt-1 text-sm text-slate-700">
          {ui.flagIntro}
        </p>
        <fieldset className="mt-4" aria-describedby={problem ? errorId : undefined} aria-invalid={problem !== null}>
          <legend className="field-label">{ui.reasonsLegend}</legend>
          <div className="mt-1 grid gap-2">
            {FLAG_REASONS.map((r) => (
              <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setProblem(null);
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {ui.reasons[r]}
              </label>
            ))}
          </div>
        </fieldset>
        {problem && (
          <p id={errorId} className="mt-2 text-sm text-red-800" role="alert">
            {problem}
          </p>
        )}
        <FormActions cancelLabel={ui.cancel} onCancel={onClose} actionLabel={ui.send} busy={flag.isPending} />
      </form>
    </Modal>
  );
}
