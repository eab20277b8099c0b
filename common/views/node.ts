/** Node as the API and the pages see it (API.md: `{id, name, description, logo}`, plus counts and order). */
import { z } from '../zod';

export const nodeViewSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  sortNo: z.number(),
  topicCount: z.number(),
}).meta({ id: 'NodeView' });
export type NodeView = z.infer<typeof nodeViewSchema>;

/** A node as the back office lists it: whether it shows in the navigation too. */
export const adminNodeViewSchema = nodeViewSchema.extend({ inNav: z.boolean() }).meta({ id: 'AdminNodeView' });
export type AdminNodeView = z.infer<typeof adminNodeViewSchema>;
