/** Tag as the API and the pages see it. */
export interface TagView {
  id: number;
  name: string;
  description: string;
  logo: string;
  topicCount: number;
  articleCount: number;
}

/** The short form inside a topic. */
export interface TagRef {
  id: number;
  name: string;
}
