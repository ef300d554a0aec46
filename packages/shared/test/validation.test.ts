import { describe, expect, it } from 'vitest';
import {
  INDIAN_STATES,
  LENGTH_TEXTS,
  mergeLocationPatch,
  TEXTS,
  decodeTokenClaims,
  validateAdminLogin,
  validateContact,
  validateGovernmentSignup,
  validateLogin,
  validateUserSignup,
} from '../src/index.js';

const V = TEXTS.validation;

describe('user signup checks (spec 5, in order)', () => {
  it('asks for every field first', () => {
    expect(validateUserSignup({ name: ' ', email: 'a@b.in', password: 'secret1' })).toBe(V.fillAllFields);
    expect(validateUserSignup({ name: 'A', email: 'a@b.in', password: 'secret1' }, { requireConfirm: true })).toBe(V.fillAllFields);
  });
  it('then the email, the length, the match', () => {
    expect(validateUserSignup({ name: 'A', email: 'a@b', password: '1' })).toBe(V.invalidEmailAddress);
    expect(validateUserSignup({ name: 'A', email: 'a@b.in', password: '12345' })).toBe(V.passwordTooShort);
    expect(validateUserSignup({ name: 'A', email: 'a@b.in', password: '123456', confirmPassword: '1234567' })).toBe(
      V.passwordsDoNotMatch,
    );
    expect(validateUserSignup({ name: 'A', email: 'a@b.in', password: '123456', confirmPassword: '123456' })).toBeNull();
  });
});

describe('government signup checks (spec 5, in order)', () => {
  const ok = { department: 'PWD', email: 'g@b.in', password: 'secret1', confirmPassword: 'secret1', phone: '9876543210', city: 'Pune', hasProofDoc: true };
  it('passes a complete form, with department and city optional', () => {
    expect(validateGovernmentSignup(ok)).toBeNull();
    expect(validateGovernmentSignup({ ...ok, department: '', city: '' })).toBeNull();
  });
  it('reports in the spec order', () => {
    expect(validateGovernmentSignup({ ...ok, hasProofDoc: false })).toBe(V.fillRequiredFields);
    expect(validateGovernmentSignup({ ...ok, email: 'bad', confirmPassword: 'other1' })).toBe(V.passwordsDoNotMatch);
    expect(validateGovernmentSignup({ ...ok, email: 'bad', phone: '12' })).toBe(V.invalidEmailFormat);
    expect(validateGovernmentSignup({ ...ok, phone: '98765 4321' })).toBe(V.phoneDigits);
    expect(validateGovernmentSignup({ ...ok, phone: '98765432100' })).toBe(V.phoneDigits);
  });
});

describe('login checks', () => {
  it('uses the two different required texts', () => {
    expect(validateLogin({ email: 'a@b.in' })).toBe('Please fill in all fields');
    expect(validateAdminLogin({ email: 'a@b.in', password: 'x' })).toBe('Please fill all fields');
    expect(validateAdminLogin({ email: 'a@b.in', password: 'x', secretKey: 'k' })).toBeNull();
  });
});

describe('contact checks', () => {
  it('needs name, a valid email and a message', () => {
    expect(validateContact({ name: 'A', email: 'a@b.in', message: ' ' })).not.toBeNull();
    expect(validateContact({ name: 'A', email: 'nope', message: 'Hi' })).toBe('Invalid email address');
    expect(validateContact({ name: 'A', email: 'a@b.in', message: 'Hi' })).toBeNull();
  });
});

describe('constants', () => {
  it('lists 36 distinct states and union territories', () => {
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });
});

describe('decodeTokenClaims', () => {
  const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  it('reads base64url payloads, including non-ASCII names', () => {
    const token = `x.${encode({ id: 'abc', role: 'user', email: 'a@b.in', name: 'Ādya ✓', profilePhoto: '', iat: 1, exp: 2 })}.sig`;
    expect(decodeTokenClaims(token)).toMatchObject({ id: 'abc', role: 'user', name: 'Ādya ✓' });
  });
  it('rejects garbage and unknown roles', () => {
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.b')).toBeNull();
    expect(decodeTokenClaims(`a.${encode({ id: 'x', role: 'root' })}.b`)).toBeNull();
  });
});

describe('length limits (issue 9)', () => {
  it('names the first over-long field, in form order', () => {
    expect(validateUserSignup({ name: 'n'.repeat(121), email: `${'e'.repeat(260)}@b.in`, password: 'secret1' })).toBe(LENGTH_TEXTS.name);
    expect(validateUserSignup({ name: 'Asha', email: `${'e'.repeat(260)}@b.in`, password: 'secret1' })).toBe(LENGTH_TEXTS.email);
    expect(validateLogin({ email: 'a@b.in', password: 'p'.repeat(129) })).toBe(LENGTH_TEXTS.password);
    expect(validateContact({ name: 'n'.repeat(121), email: 'a@b.in', message: 'hi' })).toBe(LENGTH_TEXTS.name);
    expect(validateUserSignup({ name: 'n'.repeat(120), email: 'a@b.in', password: 'p'.repeat(128) })).toBeNull();
  });
});

describe('mergeLocationPatch (edit without a pin)', () => {
  const stored = { state: 'Goa', landmark: 'Church', address: 'Main road', pincode: '403001', coordinates: { lat: 15.5, lng: 73.8 } };
  it('keeps what the patch leaves out or sends as null, and takes what it sends, blanks included', () => {
    expect(mergeLocationPatch(stored, { landmark: 'Market', coordinates: null })).toEqual({ ...stored, landmark: 'Market' });
    expect(mergeLocationPatch(stored, { address: '' })).toEqual({ ...stored, address: '' });
  });
});
