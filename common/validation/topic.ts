/**
 * Topic and tweet forms (create, edit), moderator switches and tag autocomplete. Shared by the
 * API routes and the browser's forms: messages are i18n keys (section `topic`), limits come from
 * common/constants.ts. Form-encoded bodies are accepted too, so numbers, booleans and lists
 * arrive as strings and are coerced here.
 */
import { z } from '../zod';
import { CONTENT_TYPES, TOPIC_LIMITS, TOPIC_TYPES } from '../constants';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { cursorField, idField, integerField } from './fields';

/** `0`/`1`, `"0"`/`"1"` or `"post"`/`"tweet"`. */
export const topicTypeField = z.preprocess(
  (value) => (value === 'post' ? TOPIC_TYPES.post : value === 'tweet' ? TOPIC_TYPES.tweet : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.union([z.literal(TOPIC_TYPES.post), z.literal(TOPIC_TYPES.tweet)], { error: 'topic.validation.typeInvalid' }),
);

/** `true`/`false`, `1`/`0` and their string forms. */
export const switchField = z.preprocess(
  (value) => (value === 'true' || value === '1' || value === 1 ? true : value === 'false' || value === '0' || value === 0 ? false : value),
  z.boolean({ error: 'validation.invalid' }),
);

/** A positive integer id; strings of digits are accepted. */

/** Trims a tag and folds runs of white space into one space. */
export function normalizeTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Tags as a list, or one comma-separated string: trimmed, blanks dropped, duplicates (regardless
 * of case) dropped; at most `tagsMax`, each at most `tagNameMax` characters.
 */
export const tagsField = z.preprocess(
  (value) => {
    const list = typeof value === 'string' ? value.split(/[,，]/) : Array.isArray(value) ? value : value === undefined || value === null ? [] : value;
    if (!Array.isArray(list)) return list;
    const seen = new Set<string>();
    const result: unknown[] = [];
    for (const item of list) {
      if (typeof item !== 'string') {
        result.push(item);
        continue;
      }
      const name = normalizeTagName(item);
      if (!name || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      result.push(name);
    }
    return result;
  },
  z.array(z.string({ error: 'validation.invalid' }), { error: 'validation.invalid' }).superRefine((tags, ctx) => {
    if (tags.length > TOPIC_LIMITS.tagsMax) ctx.addIssue({ code: 'custom', message: 'topic.validation.tagsTooMany', params: { max: TOPIC_LIMITS.tagsMax } });
    else if (tags.some((tag) => [...tag].length > TOPIC_LIMITS.tagNameMax)) {
      ctx.addIssue({ code: 'custom', message: 'topic.validation.tagTooLong', params: { max: TOPIC_LIMITS.tagNameMax } });
    }
  }),
);

/** An image is an http(s) address or a path on this site (`/uploads/…`), never `//host` or a script. */
export function isSafeImageUrl(url: string): boolean {
  if (url.length > TOPIC_LIMITS.imageUrlMax || !isCleanAddress(url)) return false;
  if (/^\/(?![/\\])/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `[{url}]` or `[url]`; at most `imagesMax`. */
export const imageListField = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list)) return list;
    return list.map((item: unknown) => (typeof item === 'string' ? { url: item.trim() } : item));
  },
  z
    .array(z.object({ url: z.string({ error: 'topic.validation.imageInvalid' }).trim() }, { error: 'topic.validation.imageInvalid' }), { error: 'validation.invalid' })
    .superRefine((images, ctx) => {
      if (images.length > TOPIC_LIMITS.imagesMax) ctx.addIssue({ code: 'custom', message: 'topic.validation.imagesTooMany', params: { max: TOPIC_LIMITS.imagesMax } });
      else if (images.some((image) => !isCleanAddress(image.url))) ctx.addIssue({ code: 'custom', message: ADDRESS_CHARACTERS_MESSAGE });
      else if (images.some((image) => !isSafeImageUrl(image.url))) ctx.addIssue({ code: 'custom', message: 'topic.validation.imageInvalid' });
    }),
);

const contentTypeField = z.enum(CONTENT_TYPES, { error: 'topic.validation.contentTypeInvalid' });

const optionalNodeId = z.preprocess((value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value), idField.optional());

const topicFields = {
  /** Absent: the default node on create, the current node on edit. */
  nodeId: optionalNodeId,
  /** Posts only (ignored for tweets). Plain text: pages escape it. */
  title: z.string({ error: 'validation.invalid' }).trim().max(TOPIC_LIMITS.titleMax, 'topic.validation.titleTooLong').default(''),
  content: z.string({ error: 'validation.invalid' }).max(TOPIC_LIMITS.contentMax, 'topic.validation.contentTooLong').default(''),
  /** Absent: `html` for posts, `text` for tweets. */
  contentType: contentTypeField.optional(),
  hideContent: z.string({ error: 'validation.invalid' }).max(TOPIC_LIMITS.contentMax, 'topic.validation.contentTooLong').default(''),
  tags: tagsField.default([]),
  imageList: imageListField.default([]),
};

export const topicCreateSchema = z.object({ type: topicTypeField.default(TOPIC_TYPES.post), ...topicFields });
export type TopicCreateInput = z.infer<typeof topicCreateSchema>;

/** As create, minus the type (a post stays a post). */
export const topicEditSchema = z.object(topicFields);
export type TopicEditInput = z.infer<typeof topicEditSchema>;

export const recommendSchema = z.object({ recommend: switchField });
export const stickySchema = z.object({ sticky: switchField });

/** Slow mode's longest interval: a day (issue 28). */
export const SLOW_MODE_MAX_SECONDS = 86_400;

/** POST topic/comment_rules/{id}, article/comment_rules/{id} (issue 28): the lock and slow mode's seconds (0 = off). */
export const commentRulesSchema = z.object({
  locked: switchField,
  slowModeSeconds: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z.number({ error: 'safety.validation.slowModeSeconds' }).int('safety.validation.slowModeSeconds').min(0, 'safety.validation.slowModeSeconds').max(SLOW_MODE_MAX_SECONDS, 'safety.validation.slowModeSeconds'),
  ),
});
export type CommentRulesInput = z.infer<typeof commentRulesSchema>;

// The topic feeds' queries (GET topic/topics, topic/user_topics, topic/hide_content; the tag feed's is fields.ts `tagFeedQuery`).

/** GET topic/topics: `nodeId` 0 latest, −1 recommended, −2 followed members, >0 one node. */
export const topicFeedQuery = z.object({
  nodeId: integerField(-2).default(0),
  cursor: cursorField,
});

/**
 * GET topic/user_topics: a member's topics; `type` 0 posts only, 1 tweets only (their profile's
 * tabs), absent both. A query carries it as text; a page loader may hand the number itself.
 */
export const userTopicsQuery = z.object({
  userId: idField,
  cursor: cursorField,
  type: z.union([z.literal(TOPIC_TYPES.post), z.literal(TOPIC_TYPES.tweet), z.enum(['0', '1']).transform(Number)], { error: 'validation.invalid' }).optional(),
});

/** GET topic/hide_content. */
export const hideContentQuery = z.object({ topicId: idField });

/** A member's published posts and tweets, counted apart (their profile's tabs; a page read). */
export const userTopicCountsQuery = z.object({ userId: idField });

export const tagAutocompleteSchema = z.object({
  input: z.string({ error: 'validation.invalid' }).trim().max(TOPIC_LIMITS.tagNameMax, 'topic.validation.tagTooLong').default(''),
});
