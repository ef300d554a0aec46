/**
 * react-hot-toast with one toast per message: the message is the toast's id, so pressing Submit twice
 * on the same mistake (or a burst of the same failure) refreshes one toast instead of stacking copies.
 * Every screen imports this module rather than react-hot-toast itself.
 *
 * react-hot-toast is not part of the first paint: its code loads once the page has loaded (the
 * Toaster) or when a toast is first asked for, whichever comes first. A toast asked for meanwhile is
 * shown as soon as it is there; the id is the message (or options.id), so callers get it at once.
 */
import type { ToastOptions } from 'react-hot-toast';

type HotToast = typeof import('react-hot-toast').default;

let loading: Promise<typeof import('react-hot-toast')> | null = null;
let asked: () => void = () => undefined;

/** Resolves once something asked for react-hot-toast (a toast, or the Toaster after the load event). */
export const toastsAsked = new Promise<void>((resolve) => {
  asked = resolve;
});

/** The react-hot-toast module, loaded once. */
export function loadToasts(): Promise<typeof import('react-hot-toast')> {
  if (!loading) {
    loading = import('react-hot-toast');
    asked();
  }
  return loading;
}

/** Runs `action` with react-hot-toast once loaded (in call order: one promise, its callbacks queue). */
function withToasts(action: (hot: HotToast) => void): void {
  loadToasts().then(
    (module) => action(module.default),
    (error: unknown) => console.warn('Loading the toasts failed', error),
  );
}

/** The error toasts shown since the last dismissErrors (their ids). */
const errors = new Set<string>();

function show(kind: 'success' | 'error' | 'blank', message: string, options?: ToastOptions): string {
  const id = options?.id ?? message;
  withToasts((hot) => {
    const opts = { id: message, ...options };
    if (kind === 'blank') hot(message, opts);
    else hot[kind](message, opts);
  });
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => {
    const id = show('error', message, options);
    errors.add(id);
    return id;
  },
  /**
   * Takes down the error toasts still on screen (a form's mistakes from an earlier attempt once it is
   * sent again, succeeds, or the person leaves it), except `keep`, the one about to show again.
   */
  dismissErrors: (keep?: string) => {
    const gone = [...errors].filter((id) => id !== keep);
    if (gone.length) withToasts((hot) => gone.forEach((id) => hot.dismiss(id)));
    errors.clear();
    if (keep !== undefined) errors.add(keep);
  },
  /** A plain notice (no success or error icon): something happened elsewhere, say a chat message. */
  show: (message: string, options?: ToastOptions) => show('blank', message, options),
  dismiss: (id?: string) => withToasts((hot) => hot.dismiss(id)),
};

export default toast;
