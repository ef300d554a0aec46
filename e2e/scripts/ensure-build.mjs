// Builds the web app when apps/web/dist is missing or older than its sources, so `npm test -w e2e`
// always drives the current UI without paying for a build it does not need.
//
// The build goes to a fresh folder beside dist and is then renamed into place, so nothing ever sees a
// half-written dist (no "index.html missing" while Vite empties it, no hashed asset gone while another
// run's server still points at it). The e2e server itself serves a per-run copy (global-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
const builtIndex = path.join(dist, 'index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (process.env.E2E_SKIP_BUILD !== '1' && changedAt > builtAt) {
  console.log(builtAt ? 'web sources changed: rebuilding apps/web' : 'apps/web/dist missing: building it');
  const fresh = path.join(root, `apps/web/.dist-build-${process.pid}`);
  const old = path.join(root, `apps/web/.dist-old-${process.pid}`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web', '--', '--outDir', fresh, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(path.join(fresh, 'index.html'))) {
    rmSync(fresh, { recursive: true, force: true });
    process.exit(result.status || 1);
  }
  // Two renames on one file system: dist is absent only between them, never partly written.
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(fresh, dist);
  rmSync(old, { recursive: true, force: true });
}
