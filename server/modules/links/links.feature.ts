/**
 * Friend links (issue 17): `link/list`, /links and the back office's table and writes, as
 * declared actions. Its side effects are the site feature's handlers of `site.catalogChanged`:
 * the audit row and the lists' pages dropped, /links among them.
 */
import type { Feature } from '../../kernel/feature';
import { linksActionList } from './links.actions';

export const linksFeature: Feature = {
  name: 'links',
  actions: linksActionList,
};
