/** One's own account (issue 12 item 5): settings, password, deletion, the data export. */
import { z } from 'zod';
import { changePasswordBody, deleteAccountBody, settingsAnswer, settingsBody } from '../settings.js';
import { messageAnswer } from '../schemas.js';
import { defineRoute } from './define.js';

export const settingsSavedAnswer = settingsAnswer.extend({ message: z.string() });
export const passwordChangedAnswer = z.object({ message: z.string(), token: z.string() });

export const accountApi = {
  settings: defineRoute({ method: 'GET', path: '/api/account/settings', answer: { 200: settingsAnswer } }),
  saveSettings: defineRoute({ method: 'PUT', path: '/api/account/settings', body: settingsBody, answer: { 200: settingsSavedAnswer } }),
  changePassword: defineRoute({ method: 'PUT', path: '/api/account/password', body: changePasswordBody, answer: { 200: passwordChangedAnswer } }),
  delete: defineRoute({ method: 'DELETE', path: '/api/account', body: deleteAccountBody, answer: { 200: messageAnswer } }),
  /** Sends the signed-in account a new email verification link (issue 27 item 4). */
  resendVerification: defineRoute({ method: 'POST', path: '/api/account/verify-email', answer: { 200: messageAnswer } }),
  /** A JSON file download, streamed (no answer schema). */
  export: defineRoute({ method: 'GET', path: '/api/account/export', answer: {} }),
};
