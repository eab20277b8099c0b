/** Comments and replies (API.md "Comments, likes, favorites…"): the contracts of the comments feature's actions. */
import { z } from '../zod';
import { commentCreateSchema, commentListQuery, replyListQuery, userCommentsQuery } from '../validation/comment';
import { idField } from '../validation/fields';
import type { CommentView, UserCommentView } from '../views/comment';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

export const commentActions = {
  list: contract({
    name: 'comment.list',
    method: 'GET',
    path: '/api/comment/comments',
    input: commentListQuery,
    output: returns<Page<CommentView>>(),
    summary: "A page of an item's comments, oldest first, each with its first replies.",
  }),
  replies: contract({
    name: 'comment.replies',
    method: 'GET',
    path: '/api/comment/replies',
    input: replyListQuery,
    output: returns<Page<CommentView>>(),
    summary: "A page of one comment's replies.",
  }),
  ofUser: contract({
    name: 'comment.ofUser',
    method: 'GET',
    path: '/api/comment/user_comments',
    input: userCommentsQuery,
    output: returns<Page<UserCommentView>>(),
    summary: "A member's comments, newest first, each with its post's title and link.",
  }),
  create: contract({
    name: 'comment.create',
    method: 'POST',
    path: '/api/comment/create',
    input: commentCreateSchema,
    output: returns<CommentView>(),
    summary: 'Comments on a topic or an article, or replies to a comment.',
  }),
  delete: contract({
    name: 'comment.delete',
    method: 'POST',
    path: '/api/comment/delete/:id',
    input: z.object({ id: idField }),
    output: returns<null>(),
    summary: 'Deletes a comment (its author or a moderator); a top-level comment takes its replies with it.',
    notFound: 'comment.errors.notFound',
  }),
};
