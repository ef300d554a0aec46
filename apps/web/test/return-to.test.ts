/** Login's way back: only a path of this app, never another origin or the sign-in pages themselves. */
import { describe, expect, it } from 'vitest';
import { returnPath } from '../src/lib/returnTo';

describe('returnPath', () => {
  it('goes back to the page the guard sent the visitor from', () => {
    expect(returnPath({ from: '/post/0123456789abcdef01234567' })).toBe('/post/0123456789abcdef01234567');
    expect(returnPath({ from: '/user/profile/user/abc?tab=posts#top' })).toBe('/user/profile/user/abc?tab=posts#top');
  });

  it('goes home for anything else', () => {
    for (const state of [undefined, null, 'post', {}, { from: 42 }, { from: '' }, { from: 'post/1' }, { from: '//evil.example/x' }, { from: '/\\evil.example' }, { from: 'https://evil.example' }, { from: '/login' }, { from: '/signup?x=1' }, { from: `/${'a'.repeat(2001)}` }]) {
      expect(returnPath(state), JSON.stringify(state)).toBe('/');
    }
    expect(returnPath({ from: '/loginhelp' })).toBe('/loginhelp');
  });
});
