import { lazy, Suspense } from 'react';
import { usePainted } from '../../lib/pageLoaded';

const OfflineStatus = lazy(() => import('./OfflineStatus'));

/**
 * The offline banner and outbox sender (OfflineStatus), loaded once the page has loaded and its first
 * contentful paint is on screen: the layout is part of every first paint, and the first paint's
 * JavaScript is on a budget (e2e/tests/perf.spec.ts).
 */
export function OfflineStatusLater() {
  const painted = usePainted();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <OfflineStatus />
    </Suspense>
  );
}
