/**
 * Comment, like and favorite requests. Shared by the API routes and the browser's comment box:
 * messages are i18n keys (section `comment`), limits come from common/constants.ts. Form-encoded
 * bodies are accepted too, so ids and lists may arrive as strings.
 */
import { z } from '../zod';
import { COMMENT_LIMITS, COMMENTABLE_TYPES, CONTENT_TYPES, FAVORITE_TYPES, LIKEABLE_TYPES, MESSAGE_LIMITS } from '../constants';
import { cursorField, cursorQuery, idField } from './fields';
import { imageListField, switchField } from './topic';

const optionalId = z.preprocess((value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value), idField.optional());

/**
 * POST comment/create. `entityType: comment` with `entityId` = the comment replied to; or the
 * topic/article with an optional `quoteId` (the comment replied to). Either way a reply sits one
 * level deep: under the top-level comment, quoting the reply it answers.
 */
export const commentCreateSchema = z
  .object({
    entityType: z.enum([...COMMENTABLE_TYPES, 'comment'], { error: 'comment.validation.entityTypeInvalid' }),
    entityId: idField,
    content: z.string({ error: 'validation.invalid' }).max(COMMENT_LIMITS.contentMax, 'comment.validation.contentTooLong').default(''),
    /** Absent: `text`. The compact editor sends `html`, the Markdown editor `markdown`. */
    contentType: z.enum(CONTENT_TYPES, { error: 'topic.validation.contentTypeInvalid' }).default('text'),
    imageList: imageListField.default([]),
    quoteId: optionalId,
  })
  .superRefine((input, ctx) => {
    if (input.content.trim() === '' && input.imageList.length === 0) ctx.addIssue({ code: 'custom', path: ['content'], message: 'comment.validation.contentRequired' });
  });
export type CommentCreateInput = z.infer<typeof commentCreateSchema>;

export const commentListQuery = z.object({
  entityType: z.enum(COMMENTABLE_TYPES, { error: 'comment.validation.entityTypeInvalid' }),
  entityId: idField,
  cursor: cursorField,
});

/** GET comment/user_comments: a member's comments, newest first. */
export const userCommentsQuery = z.object({ userId: idField, cursor: cursorField });

export const replyListQuery = z.object({ commentId: idField, cursor: cursorField });

export const likeSchema = z.object({
  entityType: z.enum(LIKEABLE_TYPES, { error: 'comment.validation.entityTypeInvalid' }),
  entityId: idField,
});
export type LikeInput = z.infer<typeof likeSchema>;

export const favoriteSchema = z.object({
  entityType: z.enum(FAVORITE_TYPES, { error: 'comment.validation.entityTypeInvalid' }),
  entityId: idField,
});
export type FavoriteInput = z.infer<typeof favoriteSchema>;

export { cursorQuery };

/** One id, or a list (a form-encoded body sends a single `ids=7` as a string). */
const idList = z.preprocess(
  (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
  z.array(idField, { error: 'validation.invalid' }).min(1, 'validation.invalid').max(MESSAGE_LIMITS.markReadMax, 'validation.tooMany'),
);

/**
 * POST user/messages/read: the reader's messages to mark read, named by `ids`, or every one up
 * to and including the message `upTo` (a high-water mark: what a page showed, whatever arrived
 * after it stays unread). Exactly one of the two.
 */
export const markMessagesReadSchema = z
  .object({ ids: idList.optional(), upTo: idField.optional() })
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.upTo === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.idsOrUpTo' });
  });
export type MarkMessagesReadInput = z.infer<typeof markMessagesReadSchema>;

/** POST user/settings: notification preferences. */
export const notificationSettingsSchema = z.object({ replyMail: switchField });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;
