/** Hindi for OPEN311_ADMIN_TEXTS (../open311.ts): the admin console's API keys screen and its messages. */
import { OPEN311_ADMIN_TEXTS, OPEN311_LIMITS } from '../../open311Texts.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const n = hiNumber;

export const OPEN311_ADMIN_TEXTS_HI: Localized<typeof OPEN311_ADMIN_TEXTS> = {
  title: 'API कुंजियाँ',
  intro: 'साझेदार सिस्टम (शहर का कॉल सेंटर, नगर निगम का ऐप) यहाँ जारी की गई कुंजी से Open311 GeoReport v2 के ज़रिए शिकायतें दर्ज करते हैं।',
  nameLabel: 'साझेदार का नाम',
  contactLabel: 'संपर्क (वैकल्पिक)',
  issue: 'कुंजी जारी करें',
  issued: 'API कुंजी जारी की गई',
  shownOnce: 'यह कुंजी अभी कॉपी कर लें: यह केवल एक बार दिखाई जाती है।',
  copy: 'कुंजी कॉपी करें',
  copied: 'कुंजी कॉपी हो गई',
  revoke: 'रद्द करें',
  revokeConfirm: 'यह कुंजी रद्द करें? साझेदार इससे आगे शिकायतें दर्ज नहीं कर पाएगा।',
  revoked: 'API कुंजी रद्द की गई',
  alreadyRevoked: 'यह कुंजी पहले ही रद्द की जा चुकी है',
  keyNotFound: 'API कुंजी नहीं मिली',
  empty: 'अभी कोई API कुंजी नहीं।',
  nameRequired: 'साझेदार का नाम ज़रूरी है',
  nameTooLong: `साझेदार का नाम अधिकतम ${n(OPEN311_LIMITS.keyNameMax)} अक्षरों का हो सकता है`,
  contactTooLong: `संपर्क अधिकतम ${n(OPEN311_LIMITS.keyContactMax)} अक्षरों का हो सकता है`,
  columns: { name: 'साझेदार', prefix: 'कुंजी की शुरुआत', created: 'जारी', lastUsed: 'पिछला उपयोग', requests: 'अनुरोध', status: 'स्थिति' },
  active: 'सक्रिय',
  revokedStatus: 'रद्द',
  never: 'कभी नहीं',
};
