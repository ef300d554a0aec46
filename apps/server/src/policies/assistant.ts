/** Ask CivicPulse AI: anyone asks; answers about "my reports" are for citizens and departments. */
import { TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { type Rule } from './rule.js';

export const assistantRules = {
  /** An admin has no reports of their own (the answer then asks to sign in as a citizen or department). */
  'assistant.ownReports': { roles: ['user', 'government'], refuse: () => forbidden(TEXTS.auth.forbidden) } satisfies Rule<Record<string, never>>,
};
