import { call } from './client';

export const authApi = {
  userSignup: (body: { name: string; email: string; password: string }) => call('POST /api/user/signup', { body, auth: false }),
  governmentSignup: (form: FormData) => call('POST /api/gov/signup', { form, auth: false }),
  userLogin: (body: { email: string; password: string }) => call('POST /api/user/login', { body, auth: false }),
  governmentLogin: (body: { officialEmail: string; password: string }) => call('POST /api/gov/login', { body, auth: false }),
  adminLogin: (body: { email: string; password: string; secretKey: string }) => call('POST /api/admin/login', { body, auth: false }),
};

export const contactApi = {
  send: (body: { name: string; email: string; message: string }) => call('POST /api/contact', { body, auth: false }),
};
