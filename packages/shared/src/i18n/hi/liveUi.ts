/** Hindi for ../liveUi.ts (LIVE_UI): the chat and the notification bell. */
import { LIVE_UI } from '../../liveUi.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const num = hiNumber;

export const LIVE_UI_HI: Localized<typeof LIVE_UI> = {
  chatIntro: 'CivicPulse पर दूसरे नागरिकों से बात करें। संदेश भेजते ही सबको दिखाई देते हैं।',
  chatSending: 'भेजा जा रहा है…',
  chatReconnecting: 'फिर से कनेक्ट हो रहा है… कनेक्शन लौटते ही नए संदेश दिखेंगे।',
  chatLoading: 'संदेश लोड हो रहे हैं…',
  chatLoadOlder: 'पुराने संदेश लोड करें',
  chatNewMessageFrom: (name: string) => `सामुदायिक चैट में ${name} का नया संदेश`,
  notificationArrived: (title: string) => `नई सूचना: ${title}`,
  bellLabel: (unread: number) => (unread > 0 ? `सूचनाएँ, ${num(unread)} अपठित` : 'सूचनाएँ'),
  unread: 'अपठित',
  loadingNotifications: 'सूचनाएँ लोड हो रही हैं…',
};
