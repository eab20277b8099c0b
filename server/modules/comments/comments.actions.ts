/**
 * The comments feature's actions (ADR 0021): who may call each, its limit, its answer and the
 * use case it runs. Routes and the pages' reads are made from these; nothing else decides.
 */
import { commentActions } from '../../../common/actions/comments';
import { commentViewSchema, userCommentViewSchema } from '../../../common/views/comment';
import { nothingSchema, pageOf } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { feedReadLimit } from '../settings/settings.api';
import { deletableComment } from './comments.service';
import { commentList, createComment, deleteComment, presentCreated, replyList, userComments } from './comments.usecases';

export const commentsActionList = [
  readAction(commentActions.list, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(commentViewSchema), run: commentList }),
  readAction(commentActions.replies, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(commentViewSchema), run: replyList }),
  readAction(commentActions.ofUser, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(userCommentViewSchema), run: userComments }),
  writeAction(commentActions.create, {
    // The site may ask for a verified e-mail before commenting (setting `commentNeedsVerifiedEmail`).
    who: who.writer({ verifiedWhen: (settings) => settings.commentNeedsVerifiedEmail, verifyMessage: 'comment.errors.verifyEmail' }),
    // A refused comment (a bad field, a vanished item, its kind's module switched off) does not use up the allowance.
    limit: limit.allowance('comment', (settings) => settings.commentLimits, [400, 403, 404]),
    answer: commentViewSchema,
    run: createComment,
    present: presentCreated,
  }),
  writeAction(commentActions.delete, {
    who: who.writer(),
    limit: limit.none('one delete per comment, of one’s own comments (moderators: anyone’s); nothing piles up'),
    answer: nothingSchema,
    target: { load: (db, { id }) => deletableComment(db, id), can: ['content:delete', (row) => ({ userId: row.user_id })] },
    run: deleteComment,
  }),
];
