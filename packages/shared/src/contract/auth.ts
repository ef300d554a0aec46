/** Sign-up and sign-in of the three roles (API-CONTRACT "Auth"). */
import { adminLoginBody, governmentLoginBody, messageAnswer, tokenAnswer, userLoginBody, userSignupBody } from '../schemas.js';
import { defineRoute } from './define.js';

export const authApi = {
  userSignup: defineRoute({ method: 'POST', path: '/api/user/signup', body: userSignupBody, answer: { 201: messageAnswer } }),
  /** Multipart: department, email, password, phone, city, and the proof document `proofDoc`. */
  governmentSignup: defineRoute({ method: 'POST', path: '/api/gov/signup', multipart: true, answer: { 201: messageAnswer } }),
  userLogin: defineRoute({ method: 'POST', path: '/api/user/login', body: userLoginBody, answer: { 200: tokenAnswer } }),
  governmentLogin: defineRoute({ method: 'POST', path: '/api/gov/login', body: governmentLoginBody, answer: { 200: tokenAnswer } }),
  adminLogin: defineRoute({ method: 'POST', path: '/api/admin/login', body: adminLoginBody, answer: { 200: tokenAnswer } }),
};
