import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Esc, the backdrop or a Cancel button: the parent unmounts the modal. */
  onClose: () => void;
  /** While a write runs, Esc and the backdrop do nothing. */
  busy?: boolean;
  /** The element that gets focus first (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'lg';
  /** Rendered only once the dialog is open, so maps inside measure a visible box. */
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal on the native <dialog> (showModal): the page behind is inert, Esc cancels, Tab and Shift+Tab
 * cycle inside, and focus goes back to the control that opened it when it closes.
 */
export function Modal({ labelledBy, describedBy, onClose, busy = false, initialFocus, size = 'sm', children, role = 'dialog' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    setOpen(true);
    return () => {
      // Removing the element closes it; give focus back to what opened it, if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    const node = dialog.current;
    const target = initialFocus?.current ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [open, initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const node = dialog.current;
    if (!node) return;
    const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || !node.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Esc: the parent decides (it unmounts us); never let the browser close it behind React's back.
        event.preventDefault();
        if (!busyRef.current) closeRef.current();
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busyRef.current) closeRef.current();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 ${
        size === 'lg' ? 'max-w-2xl' : 'max-w-md'
      }`}
    >
      {open && children}
    </dialog>
  );
}
