/** Community Chat is for citizens (spec route table), over HTTP and the live connection alike. */
import { LIVE_TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { CITIZEN, type Rule } from './rule.js';

const citizensOnly: Rule<Record<string, never>> = { roles: CITIZEN, refuse: () => forbidden(LIVE_TEXTS.chatCitizensOnly) };

export const chatRules = {
  'chat.read': citizensOnly,
  'chat.send': citizensOnly,
};
