/**
 * The reactions feature's actions (ADR 0021): who may call each, its limit, its answer and the
 * use case it runs. Routes and the pages' reads are made from these; nothing else decides.
 */
import { reactionActions } from '../../../common/actions/reactions';
import { favoriteViewSchema } from '../../../common/views/favorite';
import { pageOf } from '../../../common/views/page';
import { favoriteStateSchema, likeStateSchema } from '../../../common/views/reaction';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { favorite, favoriteList, like, unfavorite, unlike } from './reactions.usecases';

/**
 * One click of the member's reaction allowance (setting `reactionLimits`), spent once the body is
 * valid (a 400 costs nothing) and kept whatever the write answers; moderators click freely.
 */
const reactionLimit = limit.perUser((settings) => ({ name: 'reaction:user', ...settings.reactionLimits.perUser }), { staffExempt: true });

export const reactionsActionList = [
  writeAction(reactionActions.like, { who: who.writer(), limit: reactionLimit, answer: likeStateSchema, run: like }),
  writeAction(reactionActions.unlike, { who: who.writer(), limit: reactionLimit, answer: likeStateSchema, run: unlike }),
  writeAction(reactionActions.favorite, { who: who.writer(), limit: reactionLimit, answer: favoriteStateSchema, run: favorite }),
  writeAction(reactionActions.unfavorite, { who: who.writer(), limit: reactionLimit, answer: favoriteStateSchema, run: unfavorite }),
  readAction(reactionActions.favorites, { who: who.reader(), answer: pageOf(favoriteViewSchema), run: favoriteList }),
];
