/** Hindi for locales/en/create.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { create as en } from '../en/create';

export const create: Localized<typeof en> = {
  photos: {
    add: 'फ़ोटो जोड़ें',
    chosen_zero: 'अभी कोई फ़ोटो नहीं जोड़ी गई।',
    chosen_one: '{{count}} फ़ोटो जोड़ी गई।',
    chosen_other: '{{count}} फ़ोटो जोड़ी गईं।',
    attached: 'जोड़ी गई फ़ोटो',
    previewAlt: '{{total}} में से फ़ोटो {{index}}: {{name}}',
    remove: '{{name}} हटाएँ',
    preparing_one: '{{count}} फ़ोटो तैयार की जा रही है…',
    preparing_other: '{{count}} फ़ोटो तैयार की जा रही हैं…',
  },
  form: {
    country: 'भारत',
  },
  draft: {
    heading: 'ड्राफ़्ट जारी रखें',
    intro: 'आपने {{when}} को एक शिकायत लिखनी शुरू की थी, जो भेजी नहीं गई। यह इस डिवाइस पर सहेजी गई है।',
    resume: 'जारी रखें',
    discard: 'हटाएँ',
    discarded: 'ड्राफ़्ट हटा दिया गया',
    savedNote: 'लिखते समय आपका ड्राफ़्ट इस डिवाइस पर सहेजा जाता है।',
  },
  outbox: {
    waitingHeading: 'भेजे जाने की प्रतीक्षा में',
    waitingBody: 'आपकी शिकायत इस डिवाइस पर सहेजी गई है और कनेक्शन लौटते ही भेज दी जाएगी। आप यह पेज बंद कर सकते हैं।',
    waitingLogin: 'सहेजी गई शिकायत भेजने के लिए फिर से लॉग इन करें।',
    retryNow: 'अभी फिर कोशिश करें',
    retrying: 'कोशिश जारी है…',
    edit: 'शिकायत बदलें',
    sent: 'आपकी सहेजी गई शिकायत भेज दी गई है।',
    indicator_one: '{{count}} शिकायत भेजे जाने की प्रतीक्षा में',
    indicator_other: '{{count}} शिकायतें भेजे जाने की प्रतीक्षा में',
  },
  offline: {
    banner: 'आप ऑफ़लाइन हैं। इस डिवाइस पर सहेजी गई जानकारी दिखाई जा रही है; नई शिकायतें कनेक्शन लौटने पर भेजी जाएँगी।',
  },
};
