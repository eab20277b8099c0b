/** Node as the API and the pages see it (API.md: `{id, name, description, logo}`, plus counts and order). */
export interface NodeView {
  id: number;
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  topicCount: number;
}

/** A node as the back office lists it: whether it shows in the navigation too. */
export interface AdminNodeView extends NodeView {
  inNav: boolean;
}
