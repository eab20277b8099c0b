/**
 * Private conversations' requests (issue 28), shared by the API and the pages: messages are i18n
 * keys (section `conversation`), limits from common/constants.ts. A message is written like a
 * comment (the compact editor's HTML, or Markdown, or text) and the server sanitizes it the same way.
 */
import { z } from '../zod';
import { CONTENT_TYPES, CONVERSATION_LIMITS, WHO_MAY_START } from '../constants';
import { cursorField, idField } from './fields';
import { switchField } from './topic';

const contentFields = {
  content: z.string({ error: 'validation.invalid' }).max(CONVERSATION_LIMITS.contentMax, { error: 'conversation.validation.contentTooLong' }).default(''),
  /** Absent: `text`. The compact editor sends `html`, the Markdown editor `markdown`. */
  contentType: z.enum(CONTENT_TYPES, { error: 'topic.validation.contentTypeInvalid' }).default('text'),
};

function requireContent(input: { content: string }, ctx: z.RefinementCtx): void {
  if (input.content.trim() === '') ctx.addIssue({ code: 'custom', path: ['content'], message: 'conversation.validation.contentRequired' });
}

/** One id or a list (a form-encoded body sends `userIds=7` as a string). */
const memberIds = z.preprocess(
  (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
  z
    .array(idField, { error: 'conversation.validation.membersRequired' })
    .min(1, { error: 'conversation.validation.membersRequired' })
    .max(CONVERSATION_LIMITS.membersMax - 1, { error: 'conversation.validation.tooManyMembers' }),
);

/** POST conversation/start: the others (one: the one-to-one, found again if it exists) and the first message. */
export const conversationStartSchema = z.object({ userIds: memberIds, ...contentFields }).superRefine(requireContent);
export type ConversationStartInput = z.infer<typeof conversationStartSchema>;

/** POST conversation/{id}/send. */
export const conversationSendSchema = z.object({ id: idField, ...contentFields }).superRefine(requireContent);
export type ConversationSendInput = z.infer<typeof conversationSendSchema>;

export const conversationIdSchema = z.object({ id: idField });

/** GET conversation/{id}/messages: older pages by `cursor`; `after`: only what came after that id (a reconnect's catch-up). */
export const conversationMessagesQuery = z.object({ id: idField, cursor: cursorField, after: idField.optional() });

/** POST conversation/{id}/read: read up to `upTo` (what the page showed); absent, everything. */
export const conversationReadSchema = z.object({ id: idField, upTo: idField.optional() });

export const conversationMuteSchema = z.object({ id: idField, muted: switchField });

export const conversationListQuery = z.object({ cursor: cursorField });

export const conversationSettingsSchema = z.object({ whoMayStart: z.enum(WHO_MAY_START, { error: 'conversation.validation.whoMayStartInvalid' }) });
export type ConversationSettingsInput = z.infer<typeof conversationSettingsSchema>;

/** Staff: a message to hide by a report's decision. */
export const conversationMessageIdSchema = z.object({ id: idField });
