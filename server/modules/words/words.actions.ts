/**
 * The words feature's actions (ADR 0021): the back office's forbidden words. Moderators and
 * admins read them (`words:read`), admins change them (`words:manage`), before the body's
 * field errors.
 */
import { wordActions } from '../../../common/actions/words';
import { offsetPageOf } from '../../../common/views/moderation';
import { wordDeletedSchema, wordViewSchema } from '../../../common/views/words';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { addWord, deleteWord, editWord, listWords, patternIsUsable } from './words.usecases';

const ADMIN_WRITE = 'an admin’s change to a list of at most 1000 words, audited; nothing piles up';

export const wordsActionList = [
  readAction(wordActions.list, { who: who.staff('words:read'), answer: offsetPageOf(wordViewSchema), run: listWords }),
  writeAction(wordActions.create, { who: who.staff('words:manage'), guards: [patternIsUsable(wordActions.create.input)], limit: limit.none(ADMIN_WRITE), answer: wordViewSchema, run: addWord }),
  writeAction(wordActions.update, { who: who.staff('words:manage'), guards: [patternIsUsable(wordActions.update.input)], limit: limit.none(ADMIN_WRITE), answer: wordViewSchema, run: editWord }),
  writeAction(wordActions.delete, { who: who.staff('words:manage'), limit: limit.none(ADMIN_WRITE), answer: wordDeletedSchema, run: deleteWord }),
];
