/** Hindi for ../../createPostUi.ts. */
import type { CREATE_POST_UI } from '../../createPostUi.js';
import type { Localized } from '../localized.js';

export const CREATE_POST_UI_HI: Localized<typeof CREATE_POST_UI> = {
  preparingPhotos: 'फ़ोटो तैयार की जा रही हैं…',
  preparingHeld: 'फ़ोटो तैयार होते ही आपकी शिकायत भेज दी जाएगी।',
  savedOffline: 'कनेक्शन नहीं है: आपकी शिकायत इस डिवाइस पर सहेजी गई है और ऑनलाइन होते ही भेज दी जाएगी।',
};
