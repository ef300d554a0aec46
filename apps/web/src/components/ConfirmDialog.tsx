import { useId, useRef, type ReactNode } from 'react';
import { MY_POSTS_UI } from '@civicpulse/shared';
import { FormActions } from './form/FormActions';
import { Modal } from './Modal';
import { useLocalized } from '../i18n';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" as an alert dialog. Focus starts on Cancel, so a stray Enter never destroys anything;
 * Esc cancels; Tab stays inside.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, busy = false, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const ui = useLocalized(MY_POSTS_UI);
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onCancel} busy={busy} initialFocus={cancel} role="alertdialog">
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm leading-6 break-words text-slate-700">
          {children}
        </div>
        <FormActions
          cancelLabel={ui.cancel}
          onCancel={onCancel}
          cancelRef={cancel}
          actionLabel={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          danger={danger}
          onAction={onConfirm}
        />
      </div>
    </Modal>
  );
}
