/** Indian phone numbers and pincodes as people write them (issue 30 item 5). */
import { describe, expect, it } from 'vitest';
import {
  PROFILE_TEXTS,
  TEXTS,
  checkIndianPhone,
  checkProfileEdit,
  formatIndianPhone,
  normalizeIndianPhone,
  validateCreatePost,
  validateGovernmentSignup,
  validateLocation,
} from '../src/index.js';

const V = TEXTS.validation;

describe('normalizeIndianPhone', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['  6000012345 ', '+916000012345'],
    ['+91 (0) 98765 43210', '+919876543210'],
  ])('a mobile %j is %s', (raw, stored) => {
    expect(normalizeIndianPhone(raw)).toBe(stored);
  });

  it.each([
    ['020 2550 1000', '+912025501000'], // Pune: a 2-digit STD code
    ['011-23456789', '+911123456789'], // Delhi
    ['0674 234 5678', '+916742345678'], // Bhubaneswar: 3 digits
    ['01234 567890', '+911234567890'], // a 4-digit STD code
    ['(080) 2222 3333', '+918022223333'], // Bengaluru
    ['+91 20 2550 1000', '+912025501000'],
    ['912025501000', '+912025501000'],
  ])('a landline with its STD code %j is %s', (raw, stored) => {
    expect(normalizeIndianPhone(raw)).toBe(stored);
  });

  it.each([
    ['12345', 'digits'],
    ['98765 4321', 'digits'],
    ['98765432100', 'digits'],
    ['020 2550 100', 'digits'],
    ['+91 98765 4321', 'digits'],
    ['0000000000', 'digits'],
    ['2025501000', 'format'], // a landline without its STD code's 0
    ['5123456789', 'format'],
    ['+1 415 555 0100', 'format'],
    ['+44 20 7946 0958', 'format'],
    ['98765abcde', 'format'],
    ['98765\u000043210', 'format'],
    ['', 'format'],
  ])('refuses %j (%s)', (raw, problem) => {
    expect(checkIndianPhone(raw)).toEqual({ ok: false, problem });
    expect(normalizeIndianPhone(raw)).toBeNull();
  });

  it('reads a stored number in groups, and an old bare one as stored', () => {
    expect(formatIndianPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatIndianPhone('+912025501000')).toBe('+91 2025501000');
    expect(formatIndianPhone('9876543210')).toBe('9876543210');
  });
});

describe('the forms that take a phone', () => {
  const signup = { department: 'PWD', email: 'g@b.in', password: 'secret1', confirmPassword: 'secret1', city: 'Pune', hasProofDoc: true };
  it('department signup takes mobiles and landlines, and says why it refuses', () => {
    for (const phone of ['98765 43210', '+91 98765 43210', '020 2550 1000']) expect(validateGovernmentSignup({ ...signup, phone }), phone).toBeNull();
    expect(validateGovernmentSignup({ ...signup, phone: '12345' })).toBe(V.phoneDigits);
    expect(validateGovernmentSignup({ ...signup, phone: '0123456789' })).toBe(V.phoneDigits);
    expect(validateGovernmentSignup({ ...signup, phone: '2025501000' })).toBe(V.phoneFormat);
    expect(validateGovernmentSignup({ ...signup, phone: 'call me' })).toBe(V.phoneFormat);
  });
  it('a profile edit stores phone and alternate contact normalised', () => {
    expect(checkProfileEdit('user', { phone: '98765 43210' }, '2026-01-01')).toEqual({ ok: true, patch: { phone: '+919876543210' } });
    expect(checkProfileEdit('government', { phone: '020 2550 1000', alternateContact: '+91 91234 56780' }, '2026-01-01')).toEqual({
      ok: true,
      patch: { phone: '+912025501000', alternateContact: '+919123456780' },
    });
    expect(checkProfileEdit('user', { phone: '2025501000' }, '2026-01-01')).toEqual({ ok: false, field: 'phone', message: PROFILE_TEXTS.phoneFormat });
    expect(checkProfileEdit('government', { alternateContact: '912345' }, '2026-01-01')).toEqual({ ok: false, field: 'alternateContact', message: PROFILE_TEXTS.alternateContact });
  });
});

describe('a pincode is six digits, the first 1 to 9', () => {
  const location = { state: 'Maharashtra', landmark: 'Library', address: 'FC Road', coordinates: { lat: 18.52, lng: 73.85 } };
  it.each(['411005', ' 110001 ', '999999'])('takes %j', (pincode) => {
    expect(validateLocation({ ...location, pincode })).toBeNull();
  });
  it.each(['011005', '000000', '41100', '4110055', '41100a', '411 005'])('refuses %j', (pincode) => {
    expect(validateLocation({ ...location, pincode })).toBe(V.pincodeFormat);
  });
  it('after the spec checks: blank still asks for one, and comes after the photos', () => {
    expect(validateLocation({ ...location, pincode: ' ' })).toBe(V.pincodeRequired);
    expect(validateCreatePost({ caption: 'x', imageCount: 0, location: { ...location, pincode: '0' } })).toBe(V.imageRequired);
  });
  it('on a profile too', () => {
    expect(checkProfileEdit('user', { pincode: '011005' }, '2026-01-01')).toEqual({ ok: false, field: 'pincode', message: PROFILE_TEXTS.pincodeFormat });
    expect(checkProfileEdit('user', { pincode: '411005' }, '2026-01-01')).toEqual({ ok: true, patch: { pincode: '411005' } });
  });
});
