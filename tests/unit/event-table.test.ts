/**
 * The domain events table of docs/architecture.md is printed from the code (`npm run docs:events`):
 * a fact declared, recorded or listened to anew, and the document not printed again, fails here.
 */
import { describe, expect, it } from 'vitest';
import { documentWithTable, eventTable } from '../../scripts/event-table';

describe('the events table of docs/architecture.md', () => {
  it('is the one the code prints (run npm run docs:events after changing a fact or a listener)', async () => {
    const { current, updated } = await documentWithTable();
    expect(current === updated, 'docs/architecture.md: run npm run docs:events').toBe(true);
  });

  it('lists every fact with where it is declared and who listens', async () => {
    const table = await eventTable();
    expect(table).toContain('| `comment.created` | `modules/comments/comments.events.ts` | `modules/comments/comments.service.ts` | comments, mentions, scores, embeds |');
    expect(table.split('\n').length).toBeGreaterThan(30);
  });
});
