/** Hindi for ../jurisdictions.ts: a department's jurisdiction, its editor and its errors. */
import { JURISDICTION_LIMITS, JURISDICTION_TEXTS } from '../../jurisdictions.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const n = hiNumber;

export const JURISDICTION_TEXTS_HI: Localized<typeof JURISDICTION_TEXTS> = {
  heading: 'कार्यक्षेत्र',
  intro:
    'बताएँ कि आपका विभाग कहाँ काम करता है और किन समस्याओं को संभालता है। तब "शिकायतें देखें" में आपके क्षेत्र की शिकायतें पहले दिखेंगी, और नई शिकायतों की सूचना आपको मिलेगी।',
  state: 'राज्य / केंद्र शासित प्रदेश',
  statePlaceholder: 'राज्य चुनें',
  cities: 'शहर या कस्बे',
  citiesHelp: 'हर शहर के बाद Enter या कॉमा दबाएँ।',
  pincodes: 'पिनकोड',
  pincodesHelp: 'हर पिनकोड छह अंकों का; हर पिनकोड के बाद Enter दबाएँ।',
  categories: 'संभाली जाने वाली श्रेणियाँ',
  categoriesHelp: 'सभी श्रेणियाँ संभालने के लिए किसी पर भी निशान न लगाएँ।',
  area: 'बनाया गया क्षेत्र (वैकल्पिक)',
  areaHelp: 'अपने क्षेत्र के कोने जोड़ने के लिए नक्शे पर क्लिक करें (कम से कम 3), या GeoJSON Polygon या MultiPolygon चिपकाएँ।',
  areaPaste: 'क्षेत्र का GeoJSON',
  areaUndo: 'आख़िरी बिंदु हटाएँ',
  areaClear: 'क्षेत्र साफ़ करें',
  areaPoints: (count: number) => `${n(count)} बिंदु ${count === 1 ? 'बनाया गया' : 'बनाए गए'}`,
  save: 'कार्यक्षेत्र सहेजें',
  saved: 'कार्यक्षेत्र सहेजा गया',
  saveFailed: 'कार्यक्षेत्र सहेजा नहीं जा सका',
  remove: (label: string) => `${label} हटाएँ`,
  none: 'अभी कोई कार्यक्षेत्र घोषित नहीं',
  wholeState: 'पूरा राज्य',
  allCategories: 'सभी श्रेणियाँ',
  areaFilter: 'क्षेत्र',
  areaMine: 'मेरा कार्यक्षेत्र',
  areaAll: 'पूरा भारत',
  declarePrompt: 'अपने क्षेत्र की शिकायतें पहले देखने के लिए प्रोफ़ाइल सेटिंग्स में अपना कार्यक्षेत्र घोषित करें। तब तक आपको पूरे भारत की शिकायतें दिखेंगी।',
  declareLink: 'कार्यक्षेत्र घोषित करें',
  editJurisdiction: 'कार्यक्षेत्र बदलें',
  reportCity: 'शहर या कस्बा (वैकल्पिक)',
  invalidState: 'कृपया भारत के राज्यों और केंद्र शासित प्रदेशों में से एक चुनें',
  invalidCity: `हर शहर का नाम 1 से ${n(JURISDICTION_LIMITS.cityMaxChars)} अक्षरों का हो, बिना कॉमा के`,
  tooManyCities: `अधिकतम ${n(JURISDICTION_LIMITS.citiesMax)} शहर`,
  invalidPincode: 'हर पिनकोड ठीक 6 अंकों का होना चाहिए',
  tooManyPincodes: `अधिकतम ${n(JURISDICTION_LIMITS.pincodesMax)} पिनकोड`,
  invalidCategory: 'संभाली जाने वाली श्रेणियों में अज्ञात श्रेणी',
  invalidArea: 'बनाया गया क्षेत्र GeoJSON Polygon या MultiPolygon होना चाहिए, जिसकी हर बंद रेखा में कम से कम 4 बिंदु हों',
  areaTooBig: `बनाए गए क्षेत्र में अधिकतम ${n(JURISDICTION_LIMITS.verticesMax)} बिंदु हो सकते हैं`,
  areaOutsideIndia: 'बनाया गया क्षेत्र भारत के अंदर होना चाहिए',
  bodyShape: 'कार्यक्षेत्र JSON ऑब्जेक्ट के रूप में भेजें',
  invalidAreaFilter: 'क्षेत्र फ़िल्टर mine या all होना चाहिए',
  notFound: 'विभाग नहीं मिला',
};
