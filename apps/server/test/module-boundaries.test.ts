/**
 * The server's module boundaries are kept by ESLint (eslint.config.js): these plant the imports the
 * rule must refuse into real module files' text and check that it does, so the rule cannot quietly
 * stop matching (a renamed folder, a changed pattern).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The project's own config (eslint.config.js), without type information (only the import rule runs).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it("refuses a module importing another module's repository, service or routes", async () => {
    for (const source of ['../posts/repo.js', '../posts/service.js', '../accounts/repo.js', '../progress/routes.js']) {
      const errors = await boundaryErrors('apps/server/src/modules/votes/service.ts', `import type { X } from '${source}';\nexport type Y = X;\n`);
      expect(errors, source).toEqual([expect.stringContaining('through its index.js')]);
    }
  }, 30_000);

  it('refuses a module importing the whole application context', async () => {
    const errors = await boundaryErrors('apps/server/src/modules/votes/service.ts', `import type { AppContext } from '../../context.js';\nexport type Y = AppContext;\n`);
    expect(errors).toEqual([expect.stringContaining('never the whole application context')]);
  }, 30_000);

  it("refuses code outside the modules reaching into a module's internals", async () => {
    const errors = await boundaryErrors('apps/server/src/live/hub.ts', `import { PostsRepo } from '../modules/posts/repo.js';\nexport const x = PostsRepo;\n`);
    expect(errors).toEqual([expect.stringContaining('through its index.js')]);
  }, 30_000);

  it("allows a module's own files and other modules' index.js", async () => {
    const code = `import type { VotesRepo } from './repo.js';\nimport type { PostLookup } from '../posts/index.js';\nexport type Y = [VotesRepo, PostLookup];\n`;
    expect(await boundaryErrors('apps/server/src/modules/votes/service.ts', code)).toEqual([]);
  }, 30_000);
});
