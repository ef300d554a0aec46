/** Hindi for ../validation.ts: the length limits of the account and contact forms, and the contact form's checks. */
import { LIMITS } from '../../constants.js';
import { CONTACT_TEXTS, LENGTH_TEXTS } from '../../validation.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const n = hiNumber;

/** "नाम अधिकतम 120 अक्षरों का हो सकता है": the one wording of every length limit (tooLongText in Hindi). */
const tooLong = (field: string, max: number) => `${field} अधिकतम ${n(max)} अक्षरों का हो सकता है`;

export const LENGTH_TEXTS_HI: Localized<typeof LENGTH_TEXTS> = {
  name: tooLong('नाम', LIMITS.nameMaxChars),
  email: tooLong('ईमेल', LIMITS.emailMaxChars),
  password: tooLong('पासवर्ड', LIMITS.passwordMaxChars),
  secretKey: tooLong('सीक्रेट की', LIMITS.secretKeyMaxChars),
  department: tooLong('विभाग', LIMITS.departmentMaxChars),
  city: tooLong('शहर', LIMITS.cityMaxChars),
};

export const CONTACT_TEXTS_HI: Localized<typeof CONTACT_TEXTS> = {
  required: 'कृपया सभी फ़ील्ड भरें',
  invalidEmail: 'ईमेल पता सही नहीं है',
  tooLong: `संदेश अधिकतम ${n(LIMITS.contactMessageMaxChars)} अक्षरों का हो सकता है`,
};
