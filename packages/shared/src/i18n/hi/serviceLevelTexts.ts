/**
 * Hindi for ../serviceLevels.ts's SERVICE_LEVEL_TEXTS, on its own: the feed's cards show its overdue
 * mark on the first paint (./feed.ts), the rest of ./serviceLevels.ts waits for the full set.
 */
import { SERVICE_LEVEL_LIMITS, SERVICE_LEVEL_TEXTS } from '../../serviceLevels.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';
import { NAMES_HI } from './names.js';
import { OVERDUE_TEXTS_HI } from './postCardUi.js';

const n = hiNumber;
const p = NAMES_HI.priorities;
/** serviceLevelProblem names the field in English; the web app passes it in Hindi already. */
const FIELDS: Record<string, string> = { 'Response time': 'प्रतिक्रिया का समय', 'Resolution time': 'समाधान का समय' };

export const SERVICE_LEVEL_TEXTS_HI: Localized<typeof SERVICE_LEVEL_TEXTS> = {
  ...OVERDUE_TEXTS_HI,
  heading: 'सेवा स्तर',
  intro: `हर श्रेणी और प्राथमिकता के लिए विभागों को किसी शिकायत को अपने ज़िम्मे लेने (प्रतिक्रिया) और उसे पूरा करने (समाधान) के लिए कितना समय मिलता है। तय समय से ज़्यादा पुरानी शिकायतें "समय सीमा पार" चिह्नित होती हैं; दोगुना समय बीतने पर उन्हें ऊपर भेजा जाता है।`,
  shortcut: 'हर श्रेणी और प्राथमिकता के लिए प्रतिक्रिया और समाधान का समय, और विभागों की रैंकिंग।',
  response: 'प्रतिक्रिया (घंटे)',
  resolution: 'समाधान (घंटे)',
  save: 'सहेजें',
  saved: 'सेवा स्तर सहेजा गया',
  failed: 'सेवा स्तर सहेजा नहीं जा सका',
  defaultMark: 'डिफ़ॉल्ट',
  invalidCategory: 'कृपया श्रेणियों में से एक चुनें',
  invalidPriority: `कृपया प्राथमिकता चुनें: ${p.Low}, ${p.Medium}, ${p.High} या ${p.Critical}`,
  hours: (field: string) =>
    `${FIELDS[field] ?? field} ${n(SERVICE_LEVEL_LIMITS.hoursMin)} से ${n(SERVICE_LEVEL_LIMITS.hoursMax)} तक पूरे घंटों में होना चाहिए`,
  invalidCity: 'शहर सादा टेक्स्ट होना चाहिए',
  responseAfterResolution: 'प्रतिक्रिया का समय समाधान के समय से ज़्यादा नहीं हो सकता',
};
