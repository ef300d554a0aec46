/**
 * The documentation stays true where it lists names: the README is short and points at docs/, every
 * environment variable the server reads is in the operator guide, every server module is in the
 * architecture's module map, every relative link leads to a file, and no issue numbers leak into
 * what users and operators read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const DOCS = ['docs/operator.md', 'docs/api.md', 'docs/architecture.md'];

describe('documentation', () => {
  it('the README is under 10 KB, says the two commands and links every guide', () => {
    const readme = read('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThan(10 * 1024);
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    for (const doc of DOCS) expect(readme).toContain(`](${doc})`);
  });

  it('every environment variable the server reads is in the operator guide', () => {
    const config = read('apps/server/src/config.ts');
    const schema = config.slice(config.indexOf('z.object({'), config.indexOf('});', config.indexOf('z.object({')));
    const names = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(40);
    const guide = read('docs/operator.md');
    expect(names.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });

  it('every server module is in the architecture module map', () => {
    const modules = readdirSync(path.join(root, 'apps/server/src/modules')).filter((m) =>
      statSync(path.join(root, 'apps/server/src/modules', m)).isDirectory(),
    );
    const map = read('docs/architecture.md');
    expect(modules.filter((m) => !map.includes(`| \`${m}\` |`))).toEqual([]);
  });

  it('every relative link leads to a file, and no issue numbers are left in user-facing docs', () => {
    for (const file of ['README.md', ...DOCS]) {
      const text = read(file);
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        expect(existsSync(path.join(root, path.dirname(file), target!)), `${file} → ${target}`).toBe(true);
      }
      expect(text.match(/\bissues? \d+/gi) ?? [], file).toEqual([]);
    }
  });
});
