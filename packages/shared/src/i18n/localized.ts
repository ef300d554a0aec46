/**
 * The shape a translation of one of our text objects must have: the same keys, strings for strings, and
 * functions with the same parameters for functions (texts with numbers or names in them). A Hindi object
 * typed `Localized<typeof POST_UI>` fails to compile when it misses a key or has one too many.
 */
export type Localized<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Localized<R>
    : T extends readonly (infer U)[]
      ? readonly Localized<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Localized<T[K]> }
        : T;

/** Every leaf (a string, or a function for texts with names or numbers) of a text tree by its dotted path (under `prefix`). */
export function textLeaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: unknown, path: string) => {
    if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    else out.set(path, node);
  };
  walk(tree, prefix);
  return out;
}
