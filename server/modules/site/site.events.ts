/** The site's catalogue facts: the back office's nodes, tags, friend links and notices. */
import type { Actor } from '../../kernel/events';

/** What the back office's site content is made of (issue 17). */
export type CatalogPart = 'node' | 'tag' | 'link' | 'notice';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * An admin changed the site's catalogue (issue 17): a node, a tag, a friend link or a site
     * notice was created, edited, reordered, merged or deleted. `id` is the row acted on; `detail`
     * small facts for the audit log (a merge's target, a node's topics moved to).
     */
    'site.catalogChanged': { what: CatalogPart; id: number; action: 'create' | 'update' | 'delete' | 'order' | 'rename' | 'merge'; detail: Record<string, string | number | boolean>; actor: Actor };
  }
}
