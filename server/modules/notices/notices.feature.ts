/**
 * Site notices (issue 17): `notice/list`, the home page's notices and the back office's table and
 * writes, as declared actions. Its side effects are the site feature's handlers of
 * `site.catalogChanged`: the audit row and the lists' pages dropped, the home page among them.
 */
import type { Feature } from '../../kernel/feature';
import { noticesActionList } from './notices.actions';

export const noticesFeature: Feature = {
  name: 'notices',
  actions: noticesActionList,
};
