import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { OfflineStatusLater } from './offline/OfflineStatusLater';
import { ScrollToTop } from './ScrollToTop';
import { Toaster } from './Toaster';
import { usePainted } from '../lib/pageLoaded';
import { textsReady } from '../i18n';

/**
 * The footer starts below the fold (the main area is at least a screen tall), so it is not part of the
 * first paint: its code (and the texts only it shows, with the shared texts' full set in the current
 * language) loads once the page has loaded and painted, and it appears without moving anything on screen.
 */
const Footer = lazy(() => Promise.all([import('./Footer'), textsReady()]).then(([m]) => ({ default: m.Footer })));

export function Layout() {
  const loaded = usePainted();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <Header />
      {/* Issue 17: the offline banner and reports waiting to send (nothing while online with none). */}
      <OfflineStatusLater />
      {/* At least a screen tall, so the footer starts below the fold and never moves while a screen's
          code and data arrive (issue 10: no layout shift on first paint). */}
      <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {loaded && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <Toaster />
      {/* Spec 2.15's 'Ask CivicPulse AI' is in the Header (its panel's code loads on demand). */}
    </div>
  );
}
