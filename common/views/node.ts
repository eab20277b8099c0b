/** Node as the API and the pages see it (API.md: `{id, name, description, logo}`, plus counts and order). */
export interface NodeView {
  id: number;
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  topicCount: number;
}
