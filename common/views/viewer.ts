/**
 * A signed-in reader's own parts of a page everyone reads (issue 32, ADR 0012): what the shared
 * render, made for nobody, cannot hold. The page's HTML comes from the shared cache; these come
 * after load in one small read (`GET viewer/parts`) and are laid over it in the browser.
 */
import { z } from '../zod';
import { blockedIdsSchema } from './block';
import { trustStateSchema } from './defences';
import { hiddenContentSchema } from './topic';
import { currentUserSchema } from './user';
import { pendingWarningSchema } from './warning';

/** The reader's parts of the item a page shows (a topic, an article) and of its first comments. */
export const viewerItemPartsSchema = z
  .strictObject({
    liked: z.boolean(),
    favorited: z.boolean(),
    /** Of the comment ids asked, those the reader liked. */
    likedComments: z.array(z.number()),
    /** A topic's hidden content for this reader; null when not asked. */
    hidden: hiddenContentSchema.nullable(),
  })
  .meta({ id: 'ViewerItemParts' });
export type ViewerItemParts = z.infer<typeof viewerItemPartsSchema>;

/** What the root loader holds of the reader (the header, badges, blocks, warning, trust), and the page's item. */
export const viewerPartsSchema = z
  .strictObject({
    /** The reader as the header shows them; null for nobody (an expired session). */
    user: currentUserSchema.nullable(),
    unreadCount: z.number(),
    unreadConversations: z.number(),
    blockedIds: blockedIdsSchema.shape.ids,
    warning: pendingWarningSchema,
    trust: trustStateSchema.nullable(),
    /** The item asked for; null when none was, or for nobody. */
    item: viewerItemPartsSchema.nullable(),
  })
  .meta({ id: 'ViewerParts' });
export type ViewerParts = z.infer<typeof viewerPartsSchema>;
