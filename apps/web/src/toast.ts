/**
 * react-hot-toast with one toast per message: the message is the toast's id, so pressing Submit twice
 * on the same mistake (or a burst of the same failure) refreshes one toast instead of stacking copies.
 * Every screen imports this module rather than react-hot-toast itself.
 */
import hotToast, { type ToastOptions } from 'react-hot-toast';

/** The error toasts shown since the last dismissErrors (their ids). */
const errors = new Set<string>();

export const toast = {
  success: (message: string, options?: ToastOptions) => hotToast.success(message, { id: message, ...options }),
  error: (message: string, options?: ToastOptions) => {
    const id = hotToast.error(message, { id: message, ...options });
    errors.add(id);
    return id;
  },
  /**
   * Takes down the error toasts still on screen (issue 30: a form's mistakes from an earlier attempt
   * once it is sent again, succeeds, or the person leaves it), except `keep`, the one about to show again.
   */
  dismissErrors: (keep?: string) => {
    for (const id of errors) if (id !== keep) hotToast.dismiss(id);
    errors.clear();
    if (keep !== undefined) errors.add(keep);
  },
  /** A plain notice (no success or error icon): something happened elsewhere, say a chat message. */
  show: (message: string, options?: ToastOptions) => hotToast(message, { id: message, ...options }),
  dismiss: (id?: string) => hotToast.dismiss(id),
};

export default toast;
