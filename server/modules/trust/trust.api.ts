/**
 * The trust feature's public surface (DESIGN convention 13):
 * - `trustLevelOf(db, userId)`: a member's level, one read (0 new, 1 basic, 2 member; 1 for a
 *   member from before trust levels) — the conversations feature refuses level 0;
 * - `newMemberRules(scope, author, post)`: what a post of a level-0 member meets inside its write
 *   (too many links refused, the first posts held), for the post kinds and comments;
 * - `countLinks(html)`: links and images in sanitized HTML.
 */
export { countLinks, newMemberRules, trustLevelOf, trustLevelsOf } from './trust.service';
/** The importer's entry point (issue 33): an imported member's level from their history. */
export { settleImportedTrust } from './trust.import';
