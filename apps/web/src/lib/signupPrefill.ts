/**
 * What Signup hands to /login when it could not sign the new account in itself (issue 30): the address
 * to fill in and the tab to open.
 */
export interface SignupPrefill {
  email: string;
  role: 'user' | 'government';
}

/** The signup's prefill in a location state, checked (a state is whatever history holds). */
export function signupPrefill(state: unknown): SignupPrefill | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, role } = state as Partial<SignupPrefill>;
  if (typeof email !== 'string' || email.length > 320 || (role !== 'user' && role !== 'government')) return null;
  return { email, role };
}
