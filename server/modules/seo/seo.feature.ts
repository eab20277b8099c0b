/** Search-engine and feed-reader documents: crawl rules, sitemaps and RSS, declared actions outside /api. */
import type { Feature } from '../../kernel/feature';
import { seoActionList } from './seo.actions';

export const seoFeature: Feature = {
  name: 'seo',
  actions: seoActionList,
};
