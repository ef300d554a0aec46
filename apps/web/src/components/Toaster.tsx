import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { UI } from '@civicpulse/shared';
import { loadToasts, toastsAsked } from '../toast';
import { afterFirstPaint } from '../lib/pageLoaded';

const HotToaster = lazy(() => loadToasts().then((module) => ({ default: module.Toaster })));

/** True once the page has loaded and painted (the toasts' code is not part of the first paint) or a toast was asked for. */
function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let current = true;
    void Promise.race([afterFirstPaint(), toastsAsked]).then(() => {
      if (current) setWanted(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return wanted;
}

/**
 * Spec 9: errors (and plain toasts) 4 s, successes 2 s, at most 20 at once (react-hot-toast's own limit
 * is 20), top-right on the login and signup pages.
 */
export function Toaster() {
  const { pathname } = useLocation();
  const wanted = useToasterWanted();
  const authPage = pathname === '/login' || pathname === '/signup';
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
