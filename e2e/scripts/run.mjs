// The browser suite's launcher (`npm test -w e2e`, and so the last step of `npm test`).
//
// README promises that `npm test` passes on a machine that has only Node. The suite drives a system
// Chromium (never a downloaded one), so before starting Playwright this finds one:
//   1. CHROMIUM_PATH, when it names an executable file (a wrong one is reported, then ignored);
//   2. `chromium` (or `chromium-browser`) on PATH, which is where Debian's package puts it (/usr/bin);
//   3. none: install Debian's `chromium` when that is possible (root, apt-get present, as .ci/run
//      does), unless E2E_NO_INSTALL=1;
//   4. still none: skip the browser suite, exit 0, and say so on the last line.
// Then it builds the web app when needed (ensure-build.mjs) and runs `playwright test` with any
// arguments given, CHROMIUM_PATH set to what it found.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SKIP_LINE = 'Browser suite skipped: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function findChromium() {
  return onPath('chromium') ?? onPath('chromium-browser');
}

function canInstall() {
  return process.env.E2E_NO_INSTALL !== '1' && process.getuid?.() === 0 && onPath('apt-get') !== undefined;
}

function install() {
  console.log('No Chromium found: installing Debian\'s chromium (set E2E_NO_INSTALL=1 to skip this)');
  const result = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) console.log('Installing chromium failed');
}

let chromium;
const explicit = process.env.CHROMIUM_PATH;
if (explicit) {
  if (isExecutable(explicit)) chromium = explicit;
  else console.log(`CHROMIUM_PATH=${explicit} is not an executable file; looking for Chromium on PATH`);
}
chromium ??= findChromium();
if (!chromium && canInstall()) {
  install();
  chromium = findChromium();
}
if (!chromium) {
  console.log(SKIP_LINE);
  process.exit(0);
}

const env = { ...process.env, CHROMIUM_PATH: chromium };
const build = spawnSync(process.execPath, [path.join(here, 'ensure-build.mjs')], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
const run = spawnSync(process.execPath, [playwright, 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
  cwd: path.resolve(here, '..'),
});
process.exit(run.status ?? 1);
