/** A friend link as `link/list` and /links show it (API.md: `{id, title, url, summary, logo}`). */
import { z } from '../zod';

export const linkViewSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  /** An http or https address. */
  url: z.string(),
  /** Plain text. */
  summary: z.string(),
  /** A site-relative upload address, or ''. */
  logo: z.string(),
}).meta({ id: 'LinkView' });
export type LinkView = z.infer<typeof linkViewSchema>;
