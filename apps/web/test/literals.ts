/**
 * Finds user-facing English written straight into the web app's components (issue 17 item 4): every text
 * a person reads must come from the translations (i18next `t()` or a shared text object through
 * `useLocalized`). Parsed with the TypeScript compiler, so comments, class names and URLs are not texts.
 *
 * Flagged: JSX text with a letter; a string with a letter given to a reading attribute (aria-label, alt,
 * placeholder, title, label, ...), to a text-like object property (label, title, heading, description,
 * message, ...), to toast(...) or to usePageTitle(...). Allowed: the product's and other proper names
 * that read the same in every language (ALLOWED).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'alt', 'placeholder', 'title', 'label', 'heading', 'description', 'message', 'hint', 'emptyText', 'confirmLabel', 'cancelLabel']);
const TEXT_PROPERTIES = new Set(['label', 'title', 'heading', 'description', 'message', 'placeholder', 'hint', 'intro', 'alt', 'text', 'body', 'confirmLabel', 'cancelLabel', 'ariaLabel', 'emptyText']);
const TEXT_CALLS = new Set(['toast', 'success', 'error', 'usePageTitle', 'confirm', 'alert']);
/** Names that read the same in Hindi and English. */
export const ALLOWED = new Set(['CivicPulse', 'OpenStreetMap', 'Open311', 'GeoJSON', 'CSV', 'API', 'X', 'LinkedIn', 'Instagram', 'Facebook', 'YouTube', 'English', 'हिन्दी', 'EN', 'हि']);

/** The shared package's English text objects (i18n/en.ts): read only through useLocalized()/localized(). */
export const SHARED_TEXT_OBJECTS = new Set(['TEXTS', 'ADMIN_TEXTS', 'ADMIN_UI', 'ASSISTANT_TEXTS', 'HELP_UI', 'CATEGORY_TEXTS', 'CATEGORY_UI', 'GOV_UI', 'JURISDICTION_TEXTS', 'LIVE_TEXTS', 'CHAT_TEXTS', 'NOTIFICATION_TEXTS', 'LIVE_UI', 'MY_POSTS_UI', 'OPEN_DATA_TEXTS', 'OPEN311_ADMIN_TEXTS', 'POST_TEXTS', 'RESOLVED_POST_TEXTS', 'POST_UI', 'PROFILE_TEXTS', 'SETTINGS_TEXTS', 'PROFILE_UI', 'SETTINGS_UI', 'EDITOR_UI', 'PROGRESS_TEXTS', 'SERVICE_LEVEL_TEXTS', 'RATING_TEXTS', 'METRICS_TEXTS', 'LENGTH_TEXTS', 'CONTACT_TEXTS', 'NAMES', 'TEAM_UI', 'TEAM_TEXTS', 'REDACTION_UI', 'REDACTION_TEXTS', 'DUPLICATE_UI', 'DUPLICATE_TEXTS', 'DUPLICATE_TIMELINE_UI', 'REOPEN_UI', 'ANONYMITY_UI', 'ANONYMITY_TEXTS', 'CREATE_POST_UI', 'MODERATION_UI', 'MODERATION_TEXTS']);
/** English-only display helpers of the shared package: screens use NAMES through useLocalized instead. */
export const ENGLISH_ONLY_CALLS = new Set(['categoryName', 'progressLabel', 'statusLabel']);

const hasLetter = (s: string) => /\p{L}/u.test(s);
const isUserText = (s: string) => {
  const t = s.trim();
  return hasLetter(t) && !ALLOWED.has(t);
};

export interface Literal {
  file: string;
  line: number;
  text: string;
}

function stringsIn(expr: ts.Node): string[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr)) return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(expr)) return [...stringsIn(expr.whenTrue), ...stringsIn(expr.whenFalse)];
  if (ts.isBinaryExpression(expr) && (expr.operatorToken.kind === ts.SyntaxKind.BarBarToken || expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || expr.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
    return [...stringsIn(expr.left), ...stringsIn(expr.right)];
  }
  if (ts.isParenthesizedExpression(expr)) return stringsIn(expr.expression);
  return [];
}

export function findLiterals(file: string, source = readFileSync(file, 'utf8')): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string) => {
    if (isUserText(text)) found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) add(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) for (const s of stringsIn(init.expression)) add(init, s);
    } else if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText(sf).replace(/['"]/g, ''))) {
      for (const s of stringsIn(node.initializer)) add(node, s);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      const isToast = ts.isIdentifier(callee) ? TEXT_CALLS.has(name) : ts.isPropertyAccessExpression(callee) && callee.expression.getText(sf) === 'toast';
      if (isToast && node.arguments[0]) for (const s of stringsIn(node.arguments[0])) add(node, s);
      if (ts.isIdentifier(callee) && ENGLISH_ONLY_CALLS.has(name)) {
        found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: `${name}() (English only: use NAMES through useLocalized)` });
      }
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && SHARED_TEXT_OBJECTS.has(node.expression.text)) {
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: `${node.getText(sf)} (English object: read it through useLocalized/localized)` });
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && node.expression) {
      for (const s of stringsIn(node.expression)) add(node, s);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
