import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Fresh folders for configs that are only read, removed after the suite: loadConfig writes a JWT
 * secret into DATA_DIR and tightens a folder holding one to 0700, so pointing it at the system's temp
 * folder itself once left /tmp unusable for other users (apt's sandbox among them). Call at a test
 * file's top level (it registers the suite's cleanup).
 */
export function scratchDirs(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'civicpulse-config-'));
    made.push(dir);
    return dir;
  };
}
