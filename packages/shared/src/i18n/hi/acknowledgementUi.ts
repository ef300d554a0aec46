/** Hindi for ../acknowledgementUi.ts (ACKNOWLEDGEMENT_UI). */
import type { ACKNOWLEDGEMENT_UI } from '../../acknowledgementUi.js';
import type { Localized } from '../localized.js';

export const ACKNOWLEDGEMENT_UI_HI: Localized<typeof ACKNOWLEDGEMENT_UI> = {
  link: 'पावती प्रिंट करें',
  heading: 'पावती',
  intro: 'CivicPulse को यह शिकायत मिल गई है। आगे जानकारी लेते समय इसका संदर्भ नंबर बताएँ।',
  referenceNumber: 'संदर्भ नंबर',
  filedOn: 'दर्ज करने की तारीख',
  category: 'श्रेणी',
  print: 'प्रिंट करें',
  backToReport: 'शिकायत पर वापस जाएँ',
};
