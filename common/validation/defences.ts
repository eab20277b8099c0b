/**
 * Defences against spam and abuse (issue 28): the trust levels' thresholds and what a new member
 * (level 0) may do, the proof-of-work challenge's switch, and an IP ban's fields. The server's
 * settings schema adds the defaults; the back office's form uses the same rules. Messages are keys
 * of the `adminSettings` and `adminDefences` sections.
 */
import { z } from '../zod';
import { idField, integerField } from './fields';

/** The levels: 0 new, 1 basic, 2 member. */
export const TRUST_LEVELS = [0, 1, 2] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const TRUST_LEVEL_MAX = 2;

const count = (max: number) => integerField(0).pipe(z.number().max(max, 'adminSettings.validation.trustRange'));

/** What a member must have done to reach a level: every threshold met (0: no requirement). */
export const trustThresholdSchema = z.object({
  /** Days since the account was made. */
  days: count(3650),
  /** Published topics, tweets, articles and comments. */
  posts: count(100_000),
  /** Likes received on their posts and comments. */
  likes: count(100_000),
  score: count(10_000_000),
});
export type TrustThreshold = z.infer<typeof trustThresholdSchema>;

/** The trust settings, each with its default (a stored object missing a key still reads). */
export const trustSettingsSchema = z.object({
  level1: trustThresholdSchema.default({ days: 1, posts: 2, likes: 0, score: 0 }),
  level2: trustThresholdSchema.default({ days: 14, posts: 20, likes: 10, score: 50 }),
  /** A new member's first N published posts wait for a moderator (0: none). */
  reviewFirstPosts: count(100).default(2),
  /** At most K links and images in one post or comment of a new member. */
  maxLinks: count(100).default(3),
});
export type TrustSettings = z.infer<typeof trustSettingsSchema>;

/** The proof-of-work challenge (ALTCHA): on sign-up and password reset requests. */
export const challengeSettingsSchema = z.object({
  enabled: z.boolean().default(true),
});
export type ChallengeSettings = z.infer<typeof challengeSettingsSchema>;

/** A staff member's hand-set level, or `null`: computed again from what the member did. */
export const setTrustLevelSchema = z.object({
  userId: idField,
  level: z.union([z.literal(0), z.literal(1), z.literal(2), z.null()], { error: 'adminDefences.validation.level' }),
});
export type SetTrustLevelInput = z.infer<typeof setTrustLevelSchema>;

/** The widget's payload (base64 JSON of the challenge and its solution). */
export const CHALLENGE_FIELD = 'altcha';
export const challengeField = z.string({ error: 'challenge.required' }).max(8192, 'challenge.invalid').optional();

/** An IP ban: one address or a CIDR range; its reason; days until it ends (0: forever). */
export const IP_BAN_REASON_MAX = 500;
export const ipBanCreateSchema = z.object({
  cidr: z.string({ error: 'adminDefences.validation.cidr' }).trim().min(1, 'adminDefences.validation.cidr').max(64, 'adminDefences.validation.cidr'),
  reason: z.string({ error: 'adminDefences.validation.reason' }).trim().max(IP_BAN_REASON_MAX, 'adminDefences.validation.reason').default(''),
  days: integerField(0).pipe(z.number().max(3650, 'adminDefences.validation.days')).default(0),
});
export type IpBanCreateInput = z.infer<typeof ipBanCreateSchema>;
