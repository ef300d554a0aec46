/** Hindi for ../duplicatesUi.ts (DUPLICATE_TEXTS, DUPLICATE_UI). */
import type { DUPLICATE_TEXTS, DUPLICATE_UI } from '../../duplicatesUi.js';
import type { DUPLICATE_TIMELINE_UI } from '../../duplicateTimeline.js';
import { DUPLICATE_LIMITS } from '../../duplicatesUi.js';
import type { Localized } from '../localized.js';

export const DUPLICATE_TEXTS_HI: Localized<typeof DUPLICATE_TEXTS> = {
  originalRequired: 'मूल शिकायत की संदर्भ संख्या या लिंक दर्ज करें।',
  originalTooLong: `संदर्भ या लिंक अधिकतम ${DUPLICATE_LIMITS.originalMaxChars} अक्षरों का हो सकता है।`,
  originalNotFound: 'इस संदर्भ संख्या या लिंक की कोई शिकायत नहीं है।',
  self: 'कोई शिकायत अपनी ही डुप्लिकेट नहीं हो सकती।',
  alreadyDuplicate: 'यह शिकायत पहले से डुप्लिकेट चिह्नित है।',
  originalIsDuplicate: 'वह शिकायत स्वयं एक डुप्लिकेट है। वह शिकायत चुनें जिसे वह दोहराती है।',
  hasDuplicates: 'दूसरी शिकायतें इसकी डुप्लिकेट हैं, इसलिए यह स्वयं डुप्लिकेट नहीं बन सकती।',
  finished: 'पूरी हो चुकी शिकायत मिलाई नहीं जा सकती। केवल खुली शिकायतें डुप्लिकेट चिह्नित की जा सकती हैं।',
  notAllowed: 'डुप्लिकेट केवल एडमिन, या वह विभाग चिह्नित कर सकता है जिसे दोनों में से कोई शिकायत सौंपी गई है।',
  notDuplicate: 'यह शिकायत डुप्लिकेट चिह्नित नहीं है।',
  marked: (reference: string) => `${reference} की डुप्लिकेट चिह्नित की गई। इसके वोट और फ़ॉलोअर वहाँ चले गए।`,
  unmarked: 'यह शिकायत अब डुप्लिकेट नहीं है। इससे गए वोट और फ़ॉलो वापस ले लिए गए।',
  voteOnDuplicate: 'यह शिकायत किसी दूसरी शिकायत की डुप्लिकेट है। मूल शिकायत पर वोट करें।',
};

export const DUPLICATE_UI_HI: Localized<typeof DUPLICATE_UI> = {
  banner: (reference: string) => `${reference} की डुप्लिकेट — उस शिकायत को फ़ॉलो करें`,
  bannerLink: 'मूल शिकायत खोलें',
  markButton: 'डुप्लिकेट चिह्नित करें',
  unmarkButton: 'डुप्लिकेट नहीं है',
  dialogTitle: 'डुप्लिकेट चिह्नित करें',
  dialogIntro: 'इसके वोटर और फ़ॉलोअर मूल शिकायत पर चले जाते हैं, दोनों समयरेखाओं में यह लिखा जाता है और शिकायतकर्ता को बताया जाता है। आप इसे वापस ले सकते हैं।',
  originalLabel: 'मूल शिकायत की संदर्भ संख्या या लिंक',
  originalHint: 'जैसे CP-MH-2026-000123, या शिकायत के पेज का लिंक।',
  confirm: 'डुप्लिकेट चिह्नित करें',
  cancel: 'रद्द करें',
  saving: 'सहेजा जा रहा है…',
  unmarkTitle: 'डुप्लिकेट नहीं है?',
  unmarkText: 'मूल शिकायत पर गए वोट और फ़ॉलो वापस ले लिए जाते हैं, और दोनों समयरेखाओं में यह लिखा जाता है।',
  unmarkConfirm: 'हाँ, डुप्लिकेट नहीं है',
  followInstead: 'इसके बजाय इसे फ़ॉलो करें',
  followedInstead: 'अब आप इस शिकायत को फ़ॉलो करते हैं। आपका ड्राफ़्ट सुरक्षित है।',
  followFailed: 'इस शिकायत को फ़ॉलो नहीं किया जा सका। कृपया फिर से कोशिश करें।',
};

export const DUPLICATE_TIMELINE_UI_HI: Localized<typeof DUPLICATE_TIMELINE_UI> = {
  duplicate: (reference: string) => `${reference} की डुप्लिकेट चिह्नित की गई`,
  merged: (reference: string) => `${reference} इस शिकायत में मिलाई गई`,
  notDuplicate: (reference: string) => `अब ${reference} की डुप्लिकेट नहीं है`,
  unmerged: (reference: string) => `${reference} इस शिकायत से फिर अलग की गई`,
};
