/**
 * One-click unsubscribe (issue 27; RFC 2369, RFC 8058): the route a notification mail's or the
 * digest's `List-Unsubscribe` header names, and the page's read. It owns no data: the signed
 * links and the preferences they turn off are the messages feature's (messages.api).
 */
import type { Feature } from '../../kernel/feature';
import { unsubscribeActionList } from './unsubscribe.actions';

export const unsubscribeFeature: Feature = {
  name: 'unsubscribe',
  actions: unsubscribeActionList,
};
