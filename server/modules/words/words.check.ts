/**
 * The forbidden-word check every write of member text passes (topics, tweets, articles, comments):
 * the words feature's answer to "may this text go out as it is?".
 */
import { can } from '../../../common/policies/can';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { WriteScope } from '../../kernel/events';

/**
 * A member's texts against the forbidden words (modules/words, `ctx.words`): a 'refuse' word is a
 * 400 naming the field it is in (nothing is written: the transaction rolls back, the posting
 * allowance is given back); any other hit answers true (the item waits for a moderator).
 * Moderators and admins are not screened. `fields`: field name → its plain text.
 */
export async function screenWords(scope: WriteScope, actor: UserRow, fields: Readonly<Record<string, string>>): Promise<boolean> {
  return (await wordsThatHold(scope, actor, fields)) !== null;
}

/**
 * As `screenWords`, naming what holds the text (the review queue shows why a post waits): null
 * when nothing does, else the words and patterns found (none named when the check ran out of time).
 */
export async function wordsThatHold(scope: WriteScope, actor: UserRow, fields: Readonly<Record<string, string>>): Promise<string[] | null> {
  if (can(actor, 'content:postUnverified')) return null;
  const verdict = await scope.ctx.words.screen(scope.db, fields);
  if (verdict.action === 'refuse') throw errors.validation({ [verdict.hit.field]: `adminWords.refused.${verdict.hit.field}` });
  return verdict.action === 'review' ? [...new Set(verdict.hits.map((hit) => hit.pattern))] : null;
}

