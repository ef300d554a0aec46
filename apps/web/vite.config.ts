import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { civicpulseAssets } from './assets-plugin.ts';

/** `npm run dev` talks to the API server started separately (`npm run dev:server`, port 3000). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/** The brand colour (buttons, header mark) from the stylesheet's theme: one source for the install colour. */
function brandColour(): string {
  const css = readFileSync(new URL('./src/index.css', import.meta.url), 'utf8');
  const colour = /--color-brand-700:\s*(#[0-9a-fA-F]{3,8})/.exec(css)?.[1];
  if (!colour) throw new Error('src/index.css no longer defines --color-brand-700');
  return colour;
}

/** The chunks index.html loads on every page (see codeSplitting below). */
const FIRST_PAINT_CHUNK = /(^|\/)(vendor|shell|rolldown-runtime)-[\w-]+\.(js|css)$/;

const DESCRIPTION = 'CivicPulse connects citizens with local authorities to build smarter, more responsive cities.';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Issue 17 item 5: installable, and the app shell works offline. Our own service worker (src/sw.ts):
    // precache of the build, feed/post API answers and photos at run time, the report outbox's
    // Background Sync. main.tsx registers it after the first render (no inline register script: CSP).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The icons are in globPatterns already (listing them twice would precache them twice).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'CivicPulse',
        short_name: 'CivicPulse',
        description: DESCRIPTION,
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: brandColour(),
        // The page background (Tailwind slate-50, index.css body), so the splash matches the first paint.
        background_color: '#f8fafc',
        categories: ['government', 'utilities'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Create Civic Issue',
            url: '/user/dashboard/createPost',
            icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // The app shell: every script, style and font of the build, index.html and the icons. Not the
        // .br/.gz twins (the browser asks for the plain URL), not Vite's manifest or the preload table,
        // and not the admin panel's charts (recharts, a third of the whole): a citizen's phone on mobile
        // data should not download it; an admin's browser fetches it when the panel opens.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/.vite/**', 'sw.js', '**/AdminCharts-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    civicpulseAssets(),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs (read by assets-plugin.ts).
    manifest: true,
    modulePreload: {
      // A lazy screen's import preloads its chunks, less those index.html loaded already (every page
      // has them before any lazy import runs): a shorter table in the first paint's code.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !FIRST_PAINT_CHUNK.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the first paint's path (each file gzips on its own, so thirty small
        // ones cost several KB more than one): what index.html loads on every page is two chunks, the
        // libraries (vendor) and the app's frame (shell: header, session, route table, i18n); the
        // small parts most screens share are one (screens); the feed's cards and the login form are one
        // each (the feed's English texts stay their own chunk: a Hindi feed fetches only its Hindi ones).
        // Everything else stays split per screen by Rolldown. Budget: e2e/tests/perf.spec.ts.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'shell', test: (id: string) => /[\\/](src|packages)[\\/]/.test(id) && !/main\.tsx$/.test(id), tags: ['$initial'], priority: 3 },
            { name: 'screens', test: /src[\\/](components[\\/]Icon\.tsx|components[\\/]usePageTitle\.ts|i18n[\\/]format\.ts)$/, priority: 2 },
            // The shared length and form checks (validation.ts): the login and signup forms and the Hindi
            // core texts (LENGTH_TEXTS) use them; their own chunk, so a Hindi landing page does not fetch
            // the login form's chunk for them.
            { name: 'validation', test: /packages[\\/]shared[\\/]src[\\/]validation\.ts$/, priority: 2 },
            // The caption's category guess (keyword rules, several KB): Create Civic Issue's alone, not the feed's.
            { name: 'categorySuggestion', test: /packages[\\/]shared[\\/]src[\\/]categorySuggestion\.ts$/, priority: 2 },
            { name: 'feed', test: /src[\\/]routes[\\/]Feed\.tsx$/, priority: 1 },
            { name: 'login', test: /src[\\/]routes[\\/]Login\.tsx$/, priority: 0 },
            // POST_UI (the post page's, the comments' and Create Civic Issue's texts): its own chunk, or
            // Rolldown puts it into the feed's (every screen that shows it loads the cards' chunk too),
            // which shows only POST_CARD_UI; below the feed's priority, so the cards' texts that POST_UI
            // includes (postCardUi.ts) stay in the feed's chunk.
            { name: 'postUi', test: /packages[\\/]shared[\\/]src[\\/]postUi\.ts$/, priority: 0 },
          ],
        },
      },
      treeshake: {
        // The shared package is side-effect free; saying so lets the bundle drop the server-side zod
        // schemas (and zod itself) that the browser never uses.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
    },
  },
});
