/**
 * react-hot-toast with one toast per message: the message is the toast's id, so pressing Submit twice
 * on the same mistake (or a burst of the same failure) refreshes one toast instead of stacking copies.
 * Every screen imports this module rather than react-hot-toast itself.
 */
import hotToast, { type ToastOptions } from 'react-hot-toast';

export const toast = {
  success: (message: string, options?: ToastOptions) => hotToast.success(message, { id: message, ...options }),
  error: (message: string, options?: ToastOptions) => hotToast.error(message, { id: message, ...options }),
  /** A plain notice (no success or error icon): something happened elsewhere, say a chat message. */
  show: (message: string, options?: ToastOptions) => hotToast(message, { id: message, ...options }),
  dismiss: (id?: string) => hotToast.dismiss(id),
};

export default toast;
