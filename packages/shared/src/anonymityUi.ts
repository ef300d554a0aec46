/**
 * Anonymous reports: a reporter may hide their name on a report; everyone but the reporter, the admins
 * and the department the report is assigned to reads "A resident" instead. Admins switch it off per
 * category. No zod here: the create form and the admin screen load these texts with themselves (the
 * feed's cards read POST_UI.anonymousAuthor and nameHidden, so the first paint carries none of this).
 */
import { ANONYMOUS_NAME } from './postUi.js';

export const ANONYMITY_TEXTS = {
  aResident: ANONYMOUS_NAME,
  notAllowed: 'Reports in this category cannot be anonymous. Untick "Hide my name on this report" to send it.',
  invalidFlag: 'Anonymous must be true or false.',
  categoryInvalid: 'Unknown category.',
  settingInvalid: 'anonymousAllowed must be true or false.',
  settingSaved: (category: string, allowed: boolean) =>
    allowed ? `Residents may now report anonymously in ${category}.` : `Reports in ${category} now always show the reporter's name.`,
  switchedOn: 'Your name is now hidden on this report.',
  switchedOff: 'Your name is now shown on this report.',
};

export const ANONYMITY_UI = {
  checkbox: 'Hide my name on this report',
  help: 'Your name is shown as "A resident". Admins and the department handling it still see who you are.',
  notAllowedNote: 'Reports in this category always show your name.',
  adminHeading: 'Anonymous reports',
  adminHint: 'Per category: whether residents may hide their name on a report. Admins and the department handling a report always see who filed it.',
  adminCheckbox: 'Residents may report anonymously',
  adminCategory: (name: string) => `${name}: residents may report anonymously`,
  adminFailed: 'Could not save the setting. Please try again.',
};
