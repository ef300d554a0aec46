/** Issue 17: the profile and chat checks speak the reader's language; English stays the spec's. */
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_TEXTS, NOTIFICATION_TYPES, chatMessageProblem, notificationText } from '../src/live';
import { PROFILE_TEXTS, checkProfileEdit } from '../src/profiles';
import { CHAT_TEXTS_HI, notificationTextHi } from '../src/i18n/hi/live';
import { PROFILE_TEXTS_HI } from '../src/i18n/hi/profiles';

const TODAY = '2025-06-01';
const devanagari = /[\u0900-\u097F]/;

describe('checkProfileEdit in Hindi', () => {
  it('answers English by default and Hindi when given the Hindi texts', () => {
    expect(checkProfileEdit('user', { pincode: '41' }, TODAY)).toEqual({ ok: false, field: 'pincode', message: PROFILE_TEXTS.pincode });
    expect(checkProfileEdit('user', { pincode: '41' }, TODAY, PROFILE_TEXTS_HI)).toEqual({ ok: false, field: 'pincode', message: PROFILE_TEXTS_HI.pincode });
    expect(PROFILE_TEXTS_HI.pincode).toMatch(devanagari);
  });

  it('names a too-long field in Hindi, with the limit in hi-IN digits', () => {
    const check = checkProfileEdit('user', { bio: 'x'.repeat(1001) }, TODAY, PROFILE_TEXTS_HI);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toBe('परिचय में अधिकतम 1,000 अक्षर हो सकते हैं');
    const english = checkProfileEdit('user', { bio: 'x'.repeat(1001) }, TODAY);
    if (!english.ok) expect(english.message).toBe('Bio must be at most 1000 characters');
  });
});

describe('chatMessageProblem in Hindi', () => {
  it('gives the same problem in either language', () => {
    expect(chatMessageProblem('   ')).toBe(CHAT_TEXTS.empty);
    expect(chatMessageProblem('   ', CHAT_TEXTS_HI)).toBe(CHAT_TEXTS_HI.empty);
    const long = 'a'.repeat(CHAT_LIMITS.msgMaxChars + 1);
    expect(chatMessageProblem(long)).toBe(CHAT_TEXTS.tooLong);
    expect(chatMessageProblem(long, CHAT_TEXTS_HI)).toBe(CHAT_TEXTS_HI.tooLong);
    expect(chatMessageProblem('नमस्ते', CHAT_TEXTS_HI)).toBeNull();
  });
});

describe('notificationTextHi', () => {
  it('has a Hindi title and message for every type, with the caption and the actor in it', () => {
    const facts = { actorName: 'Ward 3', caption: 'Pothole', toState: 'Work Started', reason: null };
    for (const type of NOTIFICATION_TYPES) {
      const hi = notificationTextHi(type, facts);
      const en = notificationText(type, facts);
      expect(hi.title, type).toMatch(devanagari);
      expect(hi.message, type).toMatch(devanagari);
      expect(hi.message.includes('"Pothole"'), type).toBe(en.message.includes('"Pothole"'));
      expect(hi.message.includes('Ward 3'), type).toBe(en.message.includes('Ward 3'));
      expect(notificationTextHi(type, { ...facts, caption: '' }).message, type).not.toContain('""');
    }
  });
});
