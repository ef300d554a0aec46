/** Hindi for ../postRules.ts. PLACEHOLDER: still English; replace every value with Hindi (same keys, same function parameters). */
import { IDEMPOTENCY_KEY_MAX_CHARS, POST_TEXTS } from '../../postRules.js';
import type { Localized } from '../localized.js';

export const POST_TEXTS_HI: Localized<typeof POST_TEXTS> = {
  ...POST_TEXTS,
  invalidIdempotencyKey: `Idempotency-Key हेडर में 1 से ${IDEMPOTENCY_KEY_MAX_CHARS} तक वर्ण होने चाहिए: केवल अंग्रेज़ी अक्षर, अंक, "-" या "_"`,
  idempotencyKeyBusy: 'यह रिपोर्ट अभी भेजी जा रही है। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
};
