/** Hindi for ../redactionUi.ts. */
import { REDACTION_LIMITS, type REDACTION_TEXTS, type REDACTION_UI } from '../../redactionUi.js';
import type { Localized } from '../localized.js';

export const REDACTION_TEXTS_HI: Localized<typeof REDACTION_TEXTS> = {
  boxesRequired: 'धुंधला करने के लिए कम से कम एक बॉक्स बनाएँ।',
  tooManyBoxes: `एक बार में अधिकतम ${REDACTION_LIMITS.maxBoxes} बॉक्स धुंधले किए जा सकते हैं।`,
  boxInvalid: 'हर बॉक्स फ़ोटो के अंदर हो और उसकी चौड़ाई और ऊँचाई का कम से कम 1% हो।',
  notAllowed: 'इस शिकायत की फ़ोटो केवल एडमिन और इसे संभाल रहा विभाग धुंधली कर सकते हैं।',
  imageNotFound: 'फ़ोटो नहीं मिली',
  concurrent: 'इस फ़ोटो को अभी किसी और ने बदला है। कृपया पेज फिर से लोड करके कोशिश करें।',
  redacted: 'फ़ोटो धुंधली कर दी गई। मूल फ़ोटो हटा दी गई है।',
};

export const REDACTION_UI_HI: Localized<typeof REDACTION_UI> = {
  heading: 'फ़ोटो',
  hint: 'चेहरे, नंबर प्लेट या कुछ भी जो सार्वजनिक नहीं होना चाहिए, धुंधला करें। मूल फ़ोटो हटा दी जाती है।',
  open: 'इस फ़ोटो के हिस्से धुंधले करें',
  openNumbered: (n: number) => `फ़ोटो ${n} के हिस्से धुंधले करें`,
  dialogTitle: 'इस फ़ोटो के हिस्से धुंधले करें',
  instructions: 'जो धुंधला करना है उस पर बॉक्स बनाने के लिए फ़ोटो पर खींचें। कीबोर्ड से: बॉक्स जोड़ें, फिर तीर कुंजियों से उसे खिसकाएँ; Shift और तीर कुंजियों से उसका आकार बदलें।',
  photoAlt: (n: number) => `शिकायत की फ़ोटो ${n}`,
  addBox: 'बॉक्स जोड़ें',
  removeBox: (n: number) => `बॉक्स ${n} हटाएँ`,
  box: (n: number) => `धुंधला करने का बॉक्स ${n}`,
  boxCount: (n: number) => (n === 1 ? 'धुंधला करने के लिए 1 बॉक्स' : `धुंधला करने के लिए ${n} बॉक्स`),
  save: 'धुंधला करें और सहेजें',
  saving: 'धुंधला किया जा रहा है…',
  cancel: 'रद्द करें',
  failed: 'फ़ोटो धुंधली नहीं हो सकी। कृपया फिर से कोशिश करें।',
};
