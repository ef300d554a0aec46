/** Sign-up and sign-in of the three roles (API-CONTRACT "Auth"). */
import { adminLoginBody, governmentLoginBody, messageAnswer, tokenAnswer, userLoginBody, userSignupBody } from '../schemas.js';
import { forgotPasswordBody, resetPasswordBody, verifyEmailBody } from '../mail.js';
import { defineRoute } from './define.js';

export const authApi = {
  userSignup: defineRoute({ method: 'POST', path: '/api/user/signup', body: userSignupBody, answer: { 201: messageAnswer } }),
  /** Multipart: department, email, password, phone, city, and the proof document `proofDoc`. */
  governmentSignup: defineRoute({ method: 'POST', path: '/api/gov/signup', multipart: true, answer: { 201: messageAnswer } }),
  userLogin: defineRoute({ method: 'POST', path: '/api/user/login', body: userLoginBody, answer: { 200: tokenAnswer } }),
  governmentLogin: defineRoute({ method: 'POST', path: '/api/gov/login', body: governmentLoginBody, answer: { 200: tokenAnswer } }),
  adminLogin: defineRoute({ method: 'POST', path: '/api/admin/login', body: adminLoginBody, answer: { 200: tokenAnswer } }),
  /** Issue 27 item 4: one answer whether or not the address has an account. */
  forgotPassword: defineRoute({ method: 'POST', path: '/api/auth/forgot-password', body: forgotPasswordBody, answer: { 200: messageAnswer } }),
  /** A single-use, expiring link's token and the new password; every session of the account ends. */
  resetPassword: defineRoute({ method: 'POST', path: '/api/auth/reset-password', body: resetPasswordBody, answer: { 200: messageAnswer } }),
  verifyEmail: defineRoute({ method: 'POST', path: '/api/auth/verify-email', body: verifyEmailBody, answer: { 200: messageAnswer } }),
};
