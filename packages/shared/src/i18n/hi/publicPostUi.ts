/** Hindi for ../publicPostUi.ts (PUBLIC_POST_UI). */
import type { PUBLIC_POST_UI, PUBLIC_READ_TEXTS } from '../../publicPostUi.js';
import type { Localized } from '../localized.js';

const num = (n: number): string => new Intl.NumberFormat('hi-IN').format(n);

export const PUBLIC_POST_UI_HI: Localized<typeof PUBLIC_POST_UI> = {
  signInToTakePart: 'वोट और टिप्पणी के लिए साइन इन करें',
  reportedByResident: 'एक निवासी ने दर्ज किया',
  upvotes: (n: number) => `${num(n)} अपवोट`,
  downvotes: (n: number) => `${num(n)} डाउनवोट`,
  comments: (n: number) => `${num(n)} टिप्पणियाँ`,
  approximatePin: 'शिकायत हल होने तक इसका पूरा पता नहीं दिखाया जाता और नक्शा इसकी जगह लगभग 100 मीटर तक दिखाता है।',
};

export const PUBLIC_READ_TEXTS_HI: Localized<typeof PUBLIC_READ_TEXTS> = {
  tooManyReads: 'इस पते से बहुत ज़्यादा अनुरोध आए हैं। कृपया एक मिनट रुककर फिर कोशिश करें।',
};
