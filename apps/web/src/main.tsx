// First, before any zod code can run: no eval probe under the CSP (see the module).
import './zodJitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { feedQuery } from './api/posts';
import { loadStoredSession } from './session/token';
import { SessionProvider } from './session/SessionProvider';
import { LiveProvider } from './live/LiveProvider';
import { initI18n } from './i18n';
import { afterFirstPaint } from './lib/pageLoaded';
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

// `/` is the feed for a stored session and the landing page otherwise. The server's HTML preloads what
// both share (it cannot see the session); the screen's own chunk and first data start here, beside the
// session check and the texts, instead of after Home has loaded and rendered.
const atHome = window.location.pathname === '/';
const returning = atHome ? loadStoredSession() : null;
if (returning) {
  void import('./routes/Feed');
  void queryClient.prefetchInfiniteQuery(feedQuery(returning.claims.role));
} else if (atHome) void import('./routes/Landing');

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The chosen language's texts load before the first render (Hindi is its own chunk), so no screen
// flashes English first.
await initI18n(returning !== null);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionProvider>
          <LiveProvider>
            {/* A screen whose texts' namespace is still loading suspends (react-i18next); the route
                boundaries catch it, this one catches anything outside them. */}
            <Suspense fallback={null}>
              <App />
            </Suspense>
          </LiveProvider>
        </SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

// Issue 17: the service worker (offline app shell, feed and posts, the report outbox's Background Sync).
// Registered once the page has loaded and its first contentful paint is on screen, its code a chunk of
// its own, so the first paint pays for none of it.
void afterFirstPaint()
  .then(() => import('./offline/register'))
  .then((m) => m.registerServiceWorker())
  .catch(() => undefined);
