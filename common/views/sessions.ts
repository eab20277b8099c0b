/** A member's sessions as the API answers them (issue 29). Never a token or its digest: a session is named by its row id. */
import { z } from '../zod';

export const memberSessionViewSchema = z.strictObject({
  id: z.number(),
  /** "Chrome · Android", from the User-Agent; '' when unknown. */
  device: z.string(),
  /** ISO 3166-1 alpha-2 country of the last address it was used from; '' when unknown. */
  country: z.string(),
  createTime: z.number(),
  /** Last use (refreshed at most every few minutes). */
  lastSeenTime: z.number(),
  /** The session making this request. */
  current: z.boolean(),
}).meta({ id: 'MemberSessionView' });
export type MemberSessionView = z.infer<typeof memberSessionViewSchema>;

export const memberSessionsViewSchema = z.strictObject({ sessions: z.array(memberSessionViewSchema) }).meta({ id: 'MemberSessionsView' });
export type MemberSessionsView = z.infer<typeof memberSessionsViewSchema>;

/** POST user/sessions/revoke…: how many sessions ended. */
export const sessionsEndedViewSchema = z.strictObject({ ended: z.number() }).meta({ id: 'SessionsEndedView' });
export type SessionsEndedView = z.infer<typeof sessionsEndedViewSchema>;
