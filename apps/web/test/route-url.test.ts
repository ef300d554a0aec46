/** The web client's calls name contract routes by key; the key and options become the URL the server expects. */
import { describe, expect, it } from 'vitest';
import { routeUrl } from '../src/api/client';

describe('routeUrl', () => {
  it('fills path parameters, encoded, and takes the method from the key', () => {
    expect(routeUrl('GET /api/posts/post/:id/comments/:commentId/replies', { id: 'a/b', commentId: 'c d' })).toEqual({
      method: 'GET',
      url: '/api/posts/post/a%2Fb/comments/c%20d/replies',
    });
    expect(routeUrl('DELETE /api/admin/open311Keys/:id', { id: 'k1' })).toEqual({ method: 'DELETE', url: '/api/admin/open311Keys/k1' });
  });

  it('sends the query values that are set, in the order given, and no "?" when none is', () => {
    expect(routeUrl('GET /api/user/allPosts', undefined, { exclude: 'mine', limit: 20, shape: 'compact', category: null, cursor: undefined })).toEqual({
      method: 'GET',
      url: '/api/user/allPosts?exclude=mine&limit=20&shape=compact',
    });
    expect(routeUrl('GET /api/admin/heatmap', undefined, { bbox: '' }).url).toBe('/api/admin/heatmap?bbox=');
    expect(routeUrl('GET /api/notifications', undefined, { cursor: undefined }).url).toBe('/api/notifications');
  });
});
