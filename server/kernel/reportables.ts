/**
 * Reportable types (issue 28, ADR 0026): what members may report to staff — a topic (tweets are
 * topics), an article, a comment, a member, a conversation message — each declared once by the
 * feature that owns it and registered in that feature's `setup`, as content kinds are
 * (`kinds.ts`). The reports feature asks the registry, never the owning feature: how to read
 * the item (who wrote it, what to call it, where it is, whether the reporter may see it) and how
 * staff take it down (delete or hide, inside the resolving write's transaction).
 */
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../db/schema';
import type { Actor, WriteScope } from './events';

/** One reported item, in the terms the reports feature needs (never its body). */
export interface ReportedItem {
  /** Who wrote it (for a member: the member). Their own item is not theirs to report. */
  authorId: number;
  /** What the queue, the reporters' message and the audit row call it (plain text, short). */
  title: string;
  /** A plain-text excerpt staff read in the queue. */
  excerpt: string;
  /** Site path of the item, or null when it has no page (a conversation message: staff reach it through the report). */
  url: string | null;
  /** `CONTENT_STATUS` for content; a member is `published` while their account is active. */
  status: number;
  /** The conversation a message belongs to (the conversations feature's `conversations.reportable.ts`): staff read it through a report of it. */
  conversationId?: number;
}

/** How staff take an item down: delete it, or hide it (a forever ban's state, undone by hand). */
export type Removal = 'delete' | 'hide';

export interface ReportableType {
  /** The key reports are stored under (`topic`, `article`, `comment`, `user`, `conversation_message`). */
  type: string;
  /** The item as it is now, whatever its status; undefined when there is no such item. */
  load(db: Kysely<DB>, id: number): Promise<ReportedItem | undefined>;
  /**
   * Whether this member may see the item and so report it (a conversation message: a participant
   * only). Called only on a loaded item; the reports feature itself refuses a deleted one.
   */
  visibleTo(db: Kysely<DB>, id: number, item: ReportedItem, viewer: UserRow): Promise<boolean>;
  /** The removals staff may choose for this type (a member has none: staff ban them instead). */
  removals: readonly Removal[];
  /**
   * Takes the item down inside the resolving write (its own rules: counts, messages, audit of the
   * move, caches follow by its events). An item already in that state is left as is.
   */
  remove?(scope: WriteScope, id: number, removal: Removal, actor: Actor): Promise<void>;
}

export class ReportableRegistry {
  private readonly types = new Map<string, ReportableType>();

  register(reportable: ReportableType): void {
    if (this.types.has(reportable.type)) throw new Error(`reportable type "${reportable.type}" registered twice`);
    this.types.set(reportable.type, reportable);
  }

  get(type: string): ReportableType | undefined {
    return this.types.get(type);
  }

  /** The registered keys, for the input's check and the queue's labels. */
  keys(): string[] {
    return [...this.types.keys()];
  }
}
