/** Hindi for ../../assistantButton.ts: the header's assistant button (./core.ts); ./assistantTexts.ts includes it. */
import type { ASSISTANT_BUTTON_TEXTS } from '../../assistantButton.js';
import { PRODUCT_NAME } from '../../constants.js';
import type { Localized } from '../localized.js';

export const ASSISTANT_BUTTON_TEXTS_HI: Localized<typeof ASSISTANT_BUTTON_TEXTS> = {
  button: `${PRODUCT_NAME} AI से पूछें`,
};
