// First, before any zod code can run: no eval probe under the CSP (see the module).
import './zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { feedQuery } from './api/posts';
import { loadStoredSession } from './session/token';
import { SessionProvider } from './session/SessionProvider';
import { LiveProvider } from './live/LiveProvider';
import { initI18n } from './i18n';
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

// A returning visitor's home is the feed: fetch its code and its first page now, beside the session
// check, instead of after Home has loaded and rendered (the server preloads the landing page).
const returning = window.location.pathname === '/' ? loadStoredSession() : null;
if (returning) {
  void import('./routes/Feed');
  void queryClient.prefetchInfiniteQuery(feedQuery(returning.claims.role));
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The chosen language's texts load before the first render (Hindi is its own chunk), so no screen
// flashes English first.
await initI18n();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionProvider>
          <LiveProvider>
            <App />
          </LiveProvider>
        </SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

// Issue 17: the service worker (offline app shell, feed and posts, the report outbox's Background Sync).
// Registered once the page has loaded, its code a chunk of its own, so the first paint pays for none of it.
function registerWorker(): void {
  void import('./offline/register').then((m) => m.registerServiceWorker()).catch(() => undefined);
}
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
