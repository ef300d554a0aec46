import { api } from './client';

export interface MessageAnswer {
  message: string;
}
export interface TokenAnswer {
  token: string;
}

export const authApi = {
  userSignup: (body: { name: string; email: string; password: string }) =>
    api<MessageAnswer>('/api/user/signup', { json: body, auth: false }),
  governmentSignup: (form: FormData) => api<MessageAnswer>('/api/gov/signup', { form, auth: false }),
  userLogin: (body: { email: string; password: string }) =>
    api<TokenAnswer>('/api/user/login', { json: body, auth: false }),
  governmentLogin: (body: { officialEmail: string; password: string }) =>
    api<TokenAnswer>('/api/gov/login', { json: body, auth: false }),
  adminLogin: (body: { email: string; password: string; secretKey: string }) =>
    api<TokenAnswer>('/api/admin/login', { json: body, auth: false }),
};

export const contactApi = {
  send: (body: { name: string; email: string; message: string }) =>
    api<MessageAnswer>('/api/contact', { json: body, auth: false }),
};
