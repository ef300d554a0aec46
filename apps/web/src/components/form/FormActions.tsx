import type { Ref } from 'react';

const ROW = 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

interface FormActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  actionLabel: string;
  /** Shown on the action while it is pending ("Saving..."). */
  busyLabel?: string;
  /** Both buttons are disabled. */
  busy?: boolean;
  /** The action is under way (aria-busy and the busy label); `busy` by default. */
  pending?: boolean;
  /** A red action, for destructive ones. */
  danger?: boolean;
  /** A plain button's action; without it the action submits the form. */
  onAction?: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
  /** The row's classes (a sticky modal footer); the dialogs' row by default. */
  className?: string;
}

/**
 * A dialog's or form's Cancel and action buttons: side by side at the end from `sm` up, the action on top
 * on a phone. Both are disabled while busy; the action says so (aria-busy, the busy label).
 */
export function FormActions({ cancelLabel, onCancel, actionLabel, busyLabel, busy = false, pending = busy, danger = false, onAction, cancelRef, className = ROW }: FormActionsProps) {
  return (
    <div className={className}>
      <button ref={cancelRef} type="button" className="btn-ghost border border-slate-300" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
        onClick={onAction}
        disabled={busy}
        aria-busy={pending}
      >
        {pending && busyLabel ? busyLabel : actionLabel}
      </button>
    </div>
  );
}
