/**
 * Hindi names of the progress states (NAMES_HI.progress in ./names.ts), on their own: the frame's texts
 * (./texts.ts, in ./core.ts) name them, and the rest of the names (the states and union territories,
 * the categories) then stays out of the Hindi a first screen waits for.
 */
import type { NAMES } from '../names.js';
import type { Localized } from '../localized.js';

export const PROGRESS_NAMES_HI: Localized<(typeof NAMES)['progress']> = {
  Unseen: 'खुली',
  'Problem Seen': 'समस्या देखी गई',
  Verified: 'सत्यापित',
  'Work Started': 'काम शुरू',
  'Work Near Completion': 'काम लगभग पूरा',
  'Waiting for User Verification': 'नागरिक की पुष्टि की प्रतीक्षा',
  Finished: 'पूर्ण',
};
