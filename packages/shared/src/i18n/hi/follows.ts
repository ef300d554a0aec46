/** Hindi for ../followUi.ts (FOLLOW_TEXTS, FOLLOW_UI). */
import type { FOLLOW_TEXTS, FOLLOW_UI } from '../../followUi.js';
import type { Localized } from '../localized.js';

const num = (n: number): string => new Intl.NumberFormat('hi-IN').format(n);

export const FOLLOW_TEXTS_HI: Localized<typeof FOLLOW_TEXTS> = {
  followed: 'आपको इस शिकायत की प्रगति की जानकारी मिलेगी।',
  unfollowed: 'अब आप इस शिकायत को फ़ॉलो नहीं करते।',
};

export const FOLLOW_UI_HI: Localized<typeof FOLLOW_UI> = {
  follow: 'फ़ॉलो करें',
  following: 'फ़ॉलो कर रहे हैं',
  followLabel: 'इस शिकायत की प्रगति जानने के लिए इसे फ़ॉलो करें',
  unfollowLabel: 'इस शिकायत को फ़ॉलो करना बंद करें',
  followers: (n: number) => `${num(n)} फ़ॉलोअर`,
};
