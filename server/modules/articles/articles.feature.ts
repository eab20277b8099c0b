/** Articles: long-form posts with a cover and tags, one more content kind of the publishing core. */
import type { Feature } from '../../features';
import { articlePages } from './articles.pages';

export const articlesFeature: Feature = {
  name: 'articles',
  pages: articlePages,
};
