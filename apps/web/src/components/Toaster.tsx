import { Toaster as HotToaster } from 'react-hot-toast';
import { useLocation } from 'react-router-dom';
import { UI } from '@civicpulse/shared';

/**
 * Spec 9: errors (and plain toasts) 4 s, successes 2 s, at most 20 at once (react-hot-toast's own limit
 * is 20), top-right on the login and signup pages.
 */
export function Toaster() {
  const { pathname } = useLocation();
  const authPage = pathname === '/login' || pathname === '/signup';
  return (
    <HotToaster
      position={authPage ? 'top-right' : 'top-center'}
      containerStyle={{ top: 72 }}
      toastOptions={{
        duration: UI.toastErrorMs,
        success: { duration: UI.toastSuccessMs },
        error: { duration: UI.toastErrorMs },
        style: { fontSize: '0.875rem', color: '#0f172a' },
      }}
    />
  );
}
