/**
 * Loads the help corpus (packages/shared/help/*.md) once, at start. The Hindi articles
 * (packages/shared/help/hi/*.md, same slugs) are for the help pages only: the assistant matches
 * questions against the English corpus, whose keywords carry the Hinglish people type.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHelpArticle, type HelpArticle } from '@civicpulse/shared';

export const HELP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/shared/help');

export const HELP_HI_DIR = path.join(HELP_DIR, 'hi');

export function loadHelpCorpus(dir = HELP_DIR): HelpArticle[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()
    .map((f) => parseHelpArticle(f.slice(0, -3), readFileSync(path.join(dir, f), 'utf8')));
}
