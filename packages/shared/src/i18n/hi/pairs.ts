import type { Localized } from '../localized.js';

/** An English text object and its Hindi twin (the types make sure the twin has the same keys and functions). */
export type TextPair = readonly [english: object, hindi: object];

export function pair<T extends object>(english: T, hindi: Localized<T>): TextPair {
  return [english, hindi as object];
}
