/**
 * The shared checks (validateLogin, validateContact, askProblem, ...) answer with the spec's English
 * text, and screens compare that text with the English objects to know which field it is about. What
 * the person reads is the same text in the current language: the string at the same key of the
 * object's translation. A text none of the given objects holds is returned unchanged.
 */
import { useTranslation } from 'react-i18next';
import { localized } from './index';

function pathOf(tree: unknown, text: string): string[] | null {
  if (typeof tree === 'string') return tree === text ? [] : null;
  if (tree === null || typeof tree !== 'object') return null;
  for (const [key, value] of Object.entries(tree)) {
    const rest = pathOf(value, text);
    if (rest) return [key, ...rest];
  }
  return null;
}

function at(tree: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), tree);
}

/**
 * Where `message` sits in an English text object, as a dotted path ('validation.fillAllFields'), or
 * null: how a screen tells which field a check's text is about without reading the English object's
 * texts itself.
 */
export function textPath(english: object, message: string): string | null {
  return pathOf(english, message)?.join('.') ?? null;
}

/** `message` (one of the English texts of `objects`) in the current language. */
export function localizeMessage(message: string, ...objects: readonly object[]): string {
  for (const english of objects) {
    const path = pathOf(english, message);
    if (!path) continue;
    const translated = at(localized(english), path);
    return typeof translated === 'string' ? translated : message;
  }
  return message;
}

/** `localizeMessage` bound to a screen's text objects; re-renders on a language change. */
export function useLocalizedMessage(...objects: readonly object[]): (message: string) => string {
  useTranslation();
  return (message) => localizeMessage(message, ...objects);
}
