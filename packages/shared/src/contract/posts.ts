/** Posts, votes and comments (API-CONTRACT "Post", "Votes", "Comments and replies"). */
import { z } from 'zod';
import { idParam, messageAnswer, pageQuery } from '../schemas.js';
import {
  addCommentBody,
  addReplyBody,
  commentAnswer,
  commentPageAnswer,
  commentRepliesParams,
  createPostAnswer,
  deleteCommentBody,
  deleteReplyBody,
  editPostBody,
  feedQuery,
  listQuery,
  postAnswer,
  postListAnswer,
  postSchema,
  publicPostAnswer,
  publicPostsAnswer,
  publicPostsQuery,
  replyAnswer,
  replyPageAnswer,
  similarQuery,
  threadPageQuery,
  voteAnswer,
  votePostBody,
} from '../posts.js';
import { publicMapAnswer, publicMapQuery } from '../publicMap.js';
import { categoryParam, categorySettingAnswer, categorySettingBody, categorySettingsAnswer } from '../anonymity.js';
import { defineRoute } from './define.js';

/** A post's page takes any id up to 64 characters (an unknown one is a 404, not a 400). */
export const postIdParam = z.object({ id: z.string().max(64) });
export const upvotedPostsAnswer = z.object({ upvotedPosts: z.array(postSchema), nextCursor: z.string().nullable().optional() });
export const downvotedPostsAnswer = z.object({ downvotedPosts: z.array(postSchema), nextCursor: z.string().nullable().optional() });
export const similarPostsAnswer = z.object({ posts: z.array(postSchema) });

export const postsApi = {
  /** Multipart: caption, priority, category?, location (a JSON string), images; optional Idempotency-Key header. */
  createPost: defineRoute({ method: 'POST', path: '/api/user/createPost', multipart: true, answer: { 201: createPostAnswer } }),
  feed: defineRoute({ method: 'GET', path: '/api/user/allPosts', query: feedQuery, answer: { 200: postListAnswer } }),
  myPosts: defineRoute({ method: 'GET', path: '/api/user/myPosts', query: listQuery, answer: { 200: postListAnswer } }),
  editPost: defineRoute({ method: 'PUT', path: '/api/user/editPosts/:id', params: idParam, body: editPostBody, answer: { 200: createPostAnswer } }),
  deletePost: defineRoute({ method: 'DELETE', path: '/api/user/deletePosts/:id', params: idParam, answer: { 200: messageAnswer } }),
  post: defineRoute({ method: 'GET', path: '/api/posts/post/:id', params: postIdParam, answer: { 200: postAnswer } }),
  /** Addition (public reports): the post page for anyone, without an account; see publicPostSchema. */
  publicPost: defineRoute({ method: 'GET', path: '/api/public/posts/:id', params: postIdParam, answer: { 200: publicPostAnswer } }),
  /** Addition (public reports): the reports for anyone, filtered, sorted and paged; see publicPostsQuery. */
  publicPosts: defineRoute({ method: 'GET', path: '/api/public/posts', query: publicPostsQuery, answer: { 200: publicPostsAnswer } }),
  /** Addition (public reports): the map of /reports, groups or street-level reports in a box; see publicMap.ts. */
  publicMap: defineRoute({ method: 'GET', path: '/api/public/map', query: publicMapQuery, answer: { 200: publicMapAnswer } }),
  comments: defineRoute({ method: 'GET', path: '/api/posts/post/:id/comments', params: idParam, query: threadPageQuery, answer: { 200: commentPageAnswer } }),
  replies: defineRoute({
    method: 'GET',
    path: '/api/posts/post/:id/comments/:commentId/replies',
    params: commentRepliesParams,
    query: threadPageQuery,
    answer: { 200: replyPageAnswer },
  }),
  upvoted: defineRoute({ method: 'GET', path: '/api/user/upvotedPosts', query: pageQuery, answer: { 200: upvotedPostsAnswer } }),
  downvoted: defineRoute({ method: 'GET', path: '/api/user/downvotedPosts', query: pageQuery, answer: { 200: downvotedPostsAnswer } }),
  vote: defineRoute({ method: 'PUT', path: '/api/posts/votePost', body: votePostBody, answer: { 200: voteAnswer } }),
  addComment: defineRoute({ method: 'POST', path: '/api/posts/addComment', body: addCommentBody, answer: { 201: commentAnswer } }),
  addReply: defineRoute({ method: 'POST', path: '/api/posts/addReply', body: addReplyBody, answer: { 201: replyAnswer } }),
  deleteComment: defineRoute({ method: 'DELETE', path: '/api/posts/deleteComment', body: deleteCommentBody, answer: { 200: messageAnswer } }),
  deleteReply: defineRoute({ method: 'DELETE', path: '/api/posts/deleteReply', body: deleteReplyBody, answer: { 200: messageAnswer } }),
  similar: defineRoute({ method: 'GET', path: '/api/posts/similar', query: similarQuery, answer: { 200: similarPostsAnswer } }),
  /** Addition (anonymous reports): every category's settings, for anyone (the create form reads it). */
  categorySettings: defineRoute({ method: 'GET', path: '/api/categories', answer: { 200: categorySettingsAnswer } }),
  /** Addition (anonymous reports): an admin switches whether residents may report anonymously in a category. */
  saveCategorySetting: defineRoute({ method: 'PUT', path: '/api/admin/categories/:category', params: categoryParam, body: categorySettingBody, answer: { 200: categorySettingAnswer } }),
};
