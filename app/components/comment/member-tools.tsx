/**
 * What a member sees above the comment box, besides the box: a new member's limits (issue 28) and
 * the floating "Quote" button. Its own chunk (./lazy-comment-box.tsx `MemberTools`), loaded with
 * the member's comment box: an anonymous reader's first visit does not carry it (issue 32).
 */
import { NewMemberNotice } from '~/components/safety/new-member-notice';
import type { SelectedQuote } from './quote';
import { QuoteButton } from './quote-button';

export function MemberTools({ itemPath, onQuote }: { itemPath: string; onQuote: (quote: SelectedQuote) => void }) {
  return (
    <>
      {/* A new member's limits (issue 28), from their own data (the root's, never the shared render). */}
      <NewMemberNotice compact className="mb-3" />
      <QuoteButton itemPath={itemPath} onQuote={onQuote} />
    </>
  );
}
