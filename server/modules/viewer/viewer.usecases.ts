/**
 * `GET viewer/parts` (issue 32, ADR 0012): a signed-in reader's own parts of a page everyone
 * reads, in one small read. It composes the other features' declared reads in process, as a page
 * loader does (each with its own rules: who, module switches, visibility), and asks the
 * reactions feature's public surface which of the page's items the reader liked; it reads and
 * presents no item and counts no view, which is what makes it cheap beside running the page's
 * loaders again.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import { blockActions } from '../../../common/actions/blocks';
import { conversationActions } from '../../../common/actions/conversations';
import { trustActions } from '../../../common/actions/defences';
import { messageActions } from '../../../common/actions/messages';
import { topicActions } from '../../../common/actions/topics';
import type { viewerActions } from '../../../common/actions/viewer';
import { warningActions } from '../../../common/actions/warnings';
import type { ViewerItemParts, ViewerParts } from '../../../common/views/viewer';
import type { ReadCall } from '../../kernel/actions';
import { likedAndFavoritedIds, likedIds } from '../reactions/reactions.api';
import { presentCurrentUser } from '../users/users.api';

type Input = ParsedInputOf<typeof viewerActions.parts>;

/** What nobody has: an expired session gets the shared page's own parts back. */
const NOBODY: ViewerParts = { user: null, unreadCount: 0, unreadConversations: 0, blockedIds: [], warning: null, trust: null, item: null };

/** GET viewer/parts. */
export async function viewerParts(call: ReadCall<Input, undefined>): Promise<ViewerParts> {
  const viewer = call.caller.viewer;
  if (!viewer) return NOBODY;
  const read = <C extends Parameters<typeof call.ctx.actions.read>[1]>(contract: C, input: unknown) => call.ctx.actions.read(call.ctx, contract, call.caller, input);
  const [unread, conversations, blocked, warning, trust, item] = await Promise.all([
    read(messageActions.unreadCount, {}),
    read(conversationActions.unreadCount, {}),
    read(blockActions.blockedIds, {}),
    read(warningActions.pending, {}),
    read(trustActions.mine, {}),
    itemParts(call, viewer.id),
  ]);
  return {
    user: presentCurrentUser(viewer, { now: call.caller.now }),
    // A refused read shows what a visitor sees, as the root loader always did.
    unreadCount: unread.ok ? unread.data : 0,
    unreadConversations: conversations.ok ? conversations.data.conversations : 0,
    blockedIds: blocked.ok ? blocked.data.ids : [],
    warning: warning.ok ? warning.data : null,
    trust: trust.ok ? trust.data : null,
    item,
  };
}

/**
 * The reader's flags on the page's item and its listed comments (two queries: the reader's own
 * rows, so nothing of an item they may not see is told), and a topic's hidden content through
 * its declared read, which judges whether it opens to them.
 */
async function itemParts(call: ReadCall<Input, undefined>, viewerId: number): Promise<ViewerItemParts | null> {
  const { itemType, itemId } = call.input;
  if (itemType === undefined || itemId === undefined) return null;
  const comments = call.input.comments ?? [];
  const [flags, liked, hidden] = await Promise.all([
    likedAndFavoritedIds(call.db, viewerId, itemType, [itemId]),
    comments.length > 0 ? likedIds(call.db, viewerId, 'comment', comments) : new Set<number>(),
    itemType === 'topic' && call.input.hidden === true ? call.ctx.actions.read(call.ctx, topicActions.hiddenContent, call.caller, { topicId: itemId }) : null,
  ]);
  return {
    liked: flags.liked.has(itemId),
    favorited: flags.favorited.has(itemId),
    likedComments: comments.filter((id) => liked.has(id)),
    hidden: hidden?.ok ? hidden.data : null,
  };
}
