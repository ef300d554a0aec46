import { lazy, Suspense, useEffect, useState } from 'react';

const OfflineStatus = lazy(() => import('./OfflineStatus'));

/**
 * The offline banner and outbox sender (OfflineStatus), loaded once the page has loaded: the layout is
 * part of every first paint, and the first paint's JavaScript is on a budget (e2e/tests/perf.spec.ts).
 */
export function OfflineStatusLater() {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <OfflineStatus />
    </Suspense>
  );
}
