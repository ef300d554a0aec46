/** Hindi for ../postRules.ts (POST_TEXTS): the server's answers about posts, votes and comments, and the create checks. */
import { LIMITS } from '../../constants.js';
import { IDEMPOTENCY_KEY_MAX_CHARS, POST_TEXTS, RESOLVED_POST_TEXTS } from '../../postRules.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const num = hiNumber;
/** The Hindi twin of validation.ts's tooLongText ("Caption must be at most 2000 characters"). */
const tooLong = (field: string, max: number): string => `${field} में ज़्यादा से ज़्यादा ${num(max)} अक्षर हो सकते हैं`;

export const POST_TEXTS_HI: Localized<typeof POST_TEXTS> = {
  created: 'शिकायत सफलतापूर्वक दर्ज हो गई',
  notFound: 'पोस्ट नहीं मिली',
  invalidPriority: 'प्राथमिकता Low, Medium, High या Critical में से एक होनी चाहिए',
  invalidState: 'कृपया एक राज्य चुनें।',
  outsideIndia: 'जगह भारत के अंदर होनी चाहिए।',
  invalidLocation: 'स्थान (location) एक JSON ऑब्जेक्ट होना चाहिए, जिसमें state, landmark, address, pincode और coordinates हों',
  tooManyImages: `कृपया ज़्यादा से ज़्यादा ${num(LIMITS.imagesPerPostMax)} फ़ोटो अपलोड करें।`,
  imageType: 'फ़ोटो JPEG, PNG या WebP होनी चाहिए',
  imageTooLarge: `हर फ़ोटो ज़्यादा से ज़्यादा ${num(LIMITS.imageMaxBytes / (1024 * 1024))} MB की होनी चाहिए`,
  imageTooManyPixels: 'इस फ़ोटो में बहुत ज़्यादा पिक्सेल हैं, इसे प्रोसेस नहीं किया जा सकता',
  captionTooLong: tooLong('कैप्शन', LIMITS.commentMaxChars),
  landmarkTooLong: tooLong('लैंडमार्क', LIMITS.landmarkMaxChars),
  addressTooLong: tooLong('पते', LIMITS.addressMaxChars),
  pincodeTooLong: tooLong('पिनकोड', LIMITS.pincodeMaxChars),
  cityTooLong: tooLong('शहर', LIMITS.cityMaxChars),
  upvoted: 'अपवोट किया गया',
  downvoted: 'डाउनवोट किया गया',
  voteRemoved: 'वोट हटा दिया गया',
  invalidVoteType: 'वोट का प्रकार upvote या downvote होना चाहिए',
  postIdRequired: 'postId ज़रूरी है',
  commentAdded: 'टिप्पणी जोड़ दी गई',
  replyAdded: 'जवाब जोड़ दिया गया',
  commentDeleted: 'टिप्पणी हटा दी गई',
  replyDeleted: 'जवाब हटा दिया गया',
  commentEmpty: 'टिप्पणी खाली नहीं हो सकती',
  replyEmpty: 'जवाब खाली नहीं हो सकता',
  commentTooLong: tooLong('टिप्पणी', LIMITS.commentMaxChars),
  commentNotFound: 'टिप्पणी नहीं मिली',
  replyNotFound: 'जवाब नहीं मिला',
  commentIdRequired: 'commentId ज़रूरी है',
  notYourComment: 'आप केवल अपनी टिप्पणियाँ हटा सकते हैं',
  notYourReply: 'आप केवल अपने जवाब हटा सकते हैं',
  updated: 'पोस्ट अपडेट हो गई',
  deleted: 'पोस्ट हटा दी गई',
  notYourPost: 'आप केवल अपनी शिकायतें बदल सकते हैं',
  finishedNoEdit: 'पूरी हो चुकी शिकायत में अब बदलाव नहीं किया जा सकता',
  verified: 'पुष्टि करने के लिए धन्यवाद! शिकायत अब हल हो गई है।',
  rejected: 'बताने के लिए धन्यवाद। विभाग काम जारी रखेगा।',
  reasonRequired: 'कृपया विभाग को बताएँ कि क्या अभी भी ठीक नहीं हुआ है',
  reasonTooLong: tooLong('कारण', LIMITS.commentMaxChars),
  finalSubmitted: 'अंतिम अपडेट जमा हो गया। शिकायतकर्ता की पुष्टि का इंतज़ार है।',
  finalCaptionRequired: 'कृपया बताएँ कि क्या काम किया गया।',
  finalImagesRequired: 'कृपया पूरे हुए काम की कम से कम एक फ़ोटो अपलोड करें।',
  finalImageUrl: 'अंतिम फ़ोटो इसी शिकायत के लिए CivicPulse पर अपलोड की गई फ़ोटो होनी चाहिए',
  invalidScope: 'scope का मान unassigned, assigned या resolved होना चाहिए',
  invalidSort: 'अज्ञात क्रम',
  invalidProgressState: 'अज्ञात प्रगति स्थिति',
  searchTooLong: 'खोज अधिकतम 100 अक्षरों की हो सकती है',
  invalidIdempotencyKey: `Idempotency-Key हेडर में 1 से ${IDEMPOTENCY_KEY_MAX_CHARS} तक वर्ण होने चाहिए: केवल अंग्रेज़ी अक्षर, अंक, "-" या "_"`,
  idempotencyKeyBusy: 'यह रिपोर्ट अभी भेजी जा रही है। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
};

export const RESOLVED_POST_TEXTS_HI: Localized<typeof RESOLVED_POST_TEXTS> = {
  noDelete:
    'यह शिकायत हल हो चुकी है: यह विभाग के काम के सार्वजनिक रिकॉर्ड के रूप में बनी रहती है और अब हटाई नहीं जा सकती। आप अब भी इस पर टिप्पणी कर सकते हैं, और अपना खाता हटाने पर इससे आपका नाम हट जाता है।',
};
