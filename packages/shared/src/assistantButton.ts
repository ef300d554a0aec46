/**
 * The assistant button's label, on its own (ASSISTANT_TEXTS in ./assistant.ts includes it): the header
 * shows the button on every page, and only this object, not the panel's texts, is then in the first
 * paint's chunk and in the Hindi a first render waits for (e2e/tests/perf.spec.ts).
 */
import { PRODUCT_NAME } from './constants.js';

/** The header's and the floating assistant button's label; part of ASSISTANT_TEXTS. */
export const ASSISTANT_BUTTON_TEXTS = {
  button: `Ask ${PRODUCT_NAME} AI`,
} as const;
