/** `npm run admin` as an operator meets it: usage for help and mistakes, never a stack trace. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function admin(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('admin command line', () => {
  it('prints usage for --help, -h, no arguments, an unknown command and an unknown option', async () => {
    const [help, h, none, unknown, badOption] = await Promise.all([
      admin(['--help']),
      admin(['-h']),
      admin([]),
      admin(['destroy']),
      admin(['create', '--mail', 'a@b.in']),
    ]);
    for (const r of [help, h]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: npm run admin -- <command>/);
      expect(r.stdout).toContain('--secret <secret key>');
    }
    for (const r of [none, unknown, badOption]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Usage: npm run admin -- <command>');
    }
    expect(unknown.stderr).toMatch(/^Unknown command: destroy/);
    expect(badOption.stderr).toContain("Unknown option '--mail'");
    for (const r of [help, h, none, unknown, badOption]) expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  it('creates an admin in the database of DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-cli-'));
    try {
      const r = await admin(['create', '--email', 'ops@city.gov.in', '--password', 'long-password', '--secret', 'long-secret'], {
        DATA_DIR: dataDir,
        SCRYPT_COST: '1024',
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Admin ops@city\.gov\.in /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
