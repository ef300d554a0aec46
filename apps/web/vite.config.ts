import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { civicpulseAssets } from './assets-plugin';

/** `npm run dev` talks to the API server started separately (`npm run dev:server`, port 3000). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), civicpulseAssets()],
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
    rolldownOptions: {
      treeshake: {
        // The shared package is side-effect free; saying so lets the bundle drop the server-side zod
        // schemas (and zod itself) that the browser never uses.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
    },
  },
});
