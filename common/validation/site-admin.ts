/**
 * Request schemas of the back office's site content (issue 17): nodes, tags, friend links and
 * site notices. The API parses bodies with these; the back-office forms validate with the same
 * schemas before sending, so a field shows the server's message first. Messages are keys of the
 * `adminSite` locale section.
 */
import { z } from '../zod';
import { CONTENT_TYPES, TOPIC_LIMITS } from '../constants';
import { ADMIN_PAGE_MAX } from './moderation';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { idField, integerField } from './fields';
import { normalizeTagName } from './topic';

export const SITE_LIMITS = {
  nodeNameMax: 64,
  nodeDescriptionMax: 512,
  logoMax: 512,
  linkTitleMax: 64,
  linkUrlMax: 512,
  linkSummaryMax: 255,
  noticeTitleMax: 128,
  noticeContentMax: 20_000,
  /** Notices `notice/list` and the home page show at most. */
  noticesShown: 5,
  /** The tag search box. */
  tagQueryMax: TOPIC_LIMITS.tagNameMax,
} as const;

const text = (required: string) => z.string({ error: required }).trim();

/** A required line of text, at most `max` characters. */
function requiredText(max: number, requiredKey: string, tooLongKey: string) {
  return text(requiredKey).min(1, requiredKey).max(max, tooLongKey);
}

/** An optional line of text ('' when absent), at most `max` characters. */
function optionalText(max: number, tooLongKey: string) {
  return z.string({ error: 'validation.invalid' }).trim().max(max, tooLongKey).default('');
}

/** A logo: '' or an address the server checks is an image it stores (an upload). */
const logoField = optionalText(SITE_LIMITS.logoMax, 'adminSite.validation.logoInvalid').refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE);

/** true/false, or the same as form text ('true', '1', 'on' / 'false', '0', ''). */
export const switchField = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', '1', 'on'].includes(value) : value),
  z.boolean({ error: 'validation.invalid' }),
);

/** An http or https address with a host, and nothing a browser would drop from it (`isCleanAddress`). */
export function isWebAddress(value: string): boolean {
  if (!isCleanAddress(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const pageField = integerField(1).pipe(z.number().max(ADMIN_PAGE_MAX, 'validation.invalid')).default(1);

/** `?page=` of a back-office table. */
export const sitePageQuery = z.object({ page: pageField });

/** Move one row up or down the display order (nodes, friend links). */
export const orderSchema = z.object({
  id: idField,
  direction: z.enum(['up', 'down'], { error: 'adminSite.validation.direction' }),
});
export type OrderInput = z.infer<typeof orderSchema>;

export const idSchema = z.object({ id: idField });

// Nodes

export const nodeSchema = z.object({
  name: requiredText(SITE_LIMITS.nodeNameMax, 'adminSite.validation.nameRequired', 'adminSite.validation.nameTooLong'),
  description: optionalText(SITE_LIMITS.nodeDescriptionMax, 'adminSite.validation.descriptionTooLong'),
  logo: logoField,
  inNav: switchField.default(false),
});
export type NodeInput = z.infer<typeof nodeSchema>;
export const nodeUpdateSchema = nodeSchema.extend({ id: idField });
export type NodeUpdateInput = z.infer<typeof nodeUpdateSchema>;

/** Deleting a node: its topics (any status) move to `moveTo` first; without it a node with topics stays. */
export const nodeDeleteSchema = z
  .object({ id: idField, moveTo: idField.optional() })
  .refine((input) => input.moveTo === undefined || input.moveTo !== input.id, { path: ['moveTo'], message: 'adminSite.validation.moveToSame' });
export type NodeDeleteInput = z.infer<typeof nodeDeleteSchema>;

// Tags

export const tagQuery = z.object({
  page: pageField,
  q: z.string({ error: 'validation.invalid' }).trim().max(SITE_LIMITS.tagQueryMax, 'validation.invalid').optional(),
});
export type TagQuery = z.infer<typeof tagQuery>;

export const tagRenameSchema = z.object({
  id: idField,
  name: z
    .string({ error: 'adminSite.validation.tagRequired' })
    .transform(normalizeTagName)
    .pipe(
      z
        .string()
        .min(1, 'adminSite.validation.tagRequired')
        .refine((name) => [...name].length <= TOPIC_LIMITS.tagNameMax, { message: 'adminSite.validation.tagTooLong', params: { max: TOPIC_LIMITS.tagNameMax } })
        .refine((name) => !name.includes(','), 'adminSite.validation.tagComma'),
    ),
});
export type TagRenameInput = z.infer<typeof tagRenameSchema>;

/** Merging tag `id` into tag `into`: `id`'s links move to `into`, then `id` is gone. */
export const tagMergeSchema = z
  .object({ id: idField, into: idField })
  .refine((input) => input.id !== input.into, { path: ['into'], message: 'adminSite.validation.mergeSame' });
export type TagMergeInput = z.infer<typeof tagMergeSchema>;

// Friend links

export const linkSchema = z.object({
  title: requiredText(SITE_LIMITS.linkTitleMax, 'adminSite.validation.titleRequired', 'adminSite.validation.titleTooLong'),
  url: requiredText(SITE_LIMITS.linkUrlMax, 'adminSite.validation.urlRequired', 'adminSite.validation.urlTooLong')
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .refine(isWebAddress, 'adminSite.validation.urlInvalid'),
  summary: optionalText(SITE_LIMITS.linkSummaryMax, 'adminSite.validation.summaryTooLong'),
  logo: logoField,
});
export type LinkInput = z.infer<typeof linkSchema>;
export const linkUpdateSchema = linkSchema.extend({ id: idField });
export type LinkUpdateInput = z.infer<typeof linkUpdateSchema>;

// Site notices

/** An epoch-ms time, or 0 / '' / absent for "open-ended". */
const windowTime = z.preprocess((value) => (value === '' || value === null || value === undefined ? 0 : value), integerField(0));

export const NOTICE_CONTENT_TYPES = CONTENT_TYPES.filter((type) => type !== 'text');

export const noticeSchema = z
  .object({
    title: requiredText(SITE_LIMITS.noticeTitleMax, 'adminSite.validation.titleRequired', 'adminSite.validation.noticeTitleTooLong'),
    content: requiredText(SITE_LIMITS.noticeContentMax, 'adminSite.validation.contentRequired', 'adminSite.validation.contentTooLong'),
    contentType: z.enum(['markdown', 'html'], { error: 'adminSite.validation.contentType' }).default('markdown'),
    startTime: windowTime,
    endTime: windowTime,
  })
  .refine((input) => input.endTime === 0 || input.endTime > input.startTime, { path: ['endTime'], message: 'adminSite.validation.endBeforeStart' });
export type NoticeInput = z.infer<typeof noticeSchema>;
export const noticeUpdateSchema = z.intersection(noticeSchema, z.object({ id: idField }));
export type NoticeUpdateInput = z.infer<typeof noticeUpdateSchema>;
