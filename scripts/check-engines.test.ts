/**
 * `npm run check:engines` (the first step of `npm test`): a locked package whose declared Node engine
 * leaves out the oldest Node the project supports fails the run and is named; this repository passes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-engines.mjs');
const folders: string[] = [];

function project(engines: string, packages: Record<string, { version: string; engines?: { node: string } }>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'civicpulse-engines-'));
  folders.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', engines: { node: engines } }));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } }));
  return dir;
}

function check(dir?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, dir ? [script, dir] : [script], { timeout: 20_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('fails and names the package when a locked dependency wants a newer Node than engines.node allows', async () => {
  const dir = project('>=20.19', {
    'node_modules/i18next': { version: '27.1.2', engines: { node: '>=22' } },
    'node_modules/apps/web/node_modules/fine': { version: '1.0.0', engines: { node: '>=18' } },
  });
  const result = await check(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('These packages do not support Node 20.19.0 (engines.node ">=20.19"):');
  expect(result.stderr).toContain('i18next@27.1.2 wants node >=22');
  expect(result.stderr).not.toContain('fine@');
});

it('passes when every declared engine includes the oldest supported Node', async () => {
  const dir = project('>=22', { 'node_modules/i18next': { version: '27.1.2', engines: { node: '>=22' } } });
  const result = await check(dir);
  expect(result.code).toBe(0);
  expect(result.stdout.trim()).toBe('Every locked package supports Node 22.0.0 (engines.node ">=22").');
});

it("passes on this repository's own lockfile", async () => {
  const result = await check();
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
});
