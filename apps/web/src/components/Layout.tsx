import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineStatusLater } from './offline/OfflineStatusLater';
import { ScrollToTop } from './ScrollToTop';
import { Toaster } from './Toaster';

export function Layout() {
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
      <Footer />
      <Toaster />
      {/* Spec 2.15's 'Ask CivicPulse AI' is in the Header (its panel's code loads on demand). */}
    </div>
  );
}
