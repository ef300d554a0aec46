/**
 * The browser suite's launcher on a machine without Chromium: `npm test` must still pass, and say
 * at the end that the browser suite was skipped and how to enable it. Playwright never starts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const launcher = path.join(import.meta.dirname, 'run.mjs');

it('skips the browser suite with one clear last line when CHROMIUM_PATH points nowhere and none is on PATH', async () => {
  // PATH holds only an empty folder: no chromium, no apt-get (and E2E_NO_INSTALL=1 besides).
  const emptyBin = mkdtempSync(path.join(tmpdir(), 'civicpulse-nochromium-'));
  try {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [launcher],
        { env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium', E2E_NO_INSTALL: '1', PATH: emptyBin }, timeout: 20_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('CHROMIUM_PATH=/nowhere/chromium is not an executable file; looking for Chromium on PATH');
    expect(lines.at(-1)).toBe('Browser suite skipped: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)');
    // Neither the web build nor Playwright ran.
    expect(lines).toHaveLength(2);
  } finally {
    rmSync(emptyBin, { recursive: true, force: true });
  }
});
