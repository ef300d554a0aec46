// Fails when an installed package declares a Node engine that the oldest Node the project supports
// (root package.json `engines.node`, the version the README names) does not satisfy: what `npm ci`
// prints as EBADENGINE. It reads package-lock.json, so it needs no install and no network, and runs
// first in `npm test`; `.ci/run` also fails when `npm ci` itself prints EBADENGINE.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

// The project folder: this repository, or the one named as the first argument (the script's own test).
const root = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const supported = manifest.engines?.node;
const oldest = supported ? semver.minVersion(supported) : null;
if (!oldest) {
  console.error('package.json must name the Node versions it supports in engines.node');
  process.exit(1);
}

const refusals = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const wanted = entry.engines?.node;
  if (!where || !wanted) continue;
  if (!semver.validRange(wanted)) continue; // npm ignores what it can't read
  if (!semver.satisfies(oldest, wanted, { includePrerelease: true })) {
    refusals.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`);
  }
}

if (refusals.length > 0) {
  console.error(`These packages do not support Node ${oldest} (engines.node "${supported}"):`);
  for (const line of refusals) console.error(`  ${line}`);
  console.error('Pick versions that do, or raise engines.node and the README together.');
  process.exit(1);
}
console.log(`Every locked package supports Node ${oldest} (engines.node "${supported}").`);
