/** Friend links (API.md `link/list`; docs/api-additions.md "Back office: … friend links"): the public list and the admins' table and writes. */
import { cursorQuery } from '../validation/fields';
import { idSchema, linkSchema, linkUpdateSchema, orderSchema, sitePageQuery } from '../validation/site-admin';
import type { LinkView } from '../views/links';
import type { OffsetPage } from '../views/moderation';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

export const linkActions = {
  list: contract({
    name: 'links.list',
    method: 'GET',
    path: '/api/link/list',
    input: cursorQuery,
    output: returns<Page<LinkView>>(),
    summary: 'Friend links in display order, 50 a page by keyset cursor.',
  }),
  table: contract({
    name: 'links.table',
    method: 'GET',
    path: '/api/admin/links',
    input: sitePageQuery,
    output: returns<OffsetPage<LinkView>>(),
    summary: 'The back office’s links, in display order, a numbered page with the total.',
  }),
  create: contract({
    name: 'links.create',
    method: 'POST',
    path: '/api/admin/link/create',
    input: linkSchema,
    output: returns<LinkView>(),
    summary: 'Adds a friend link, last in the order.',
  }),
  update: contract({
    name: 'links.update',
    method: 'POST',
    path: '/api/admin/link/update',
    input: linkUpdateSchema,
    output: returns<LinkView>(),
    summary: 'Changes a friend link.',
  }),
  order: contract({
    name: 'links.order',
    method: 'POST',
    path: '/api/admin/link/order',
    input: orderSchema,
    output: returns<null>(),
    summary: 'Moves a friend link one step up or down; every link is renumbered.',
  }),
  delete: contract({
    name: 'links.delete',
    method: 'POST',
    path: '/api/admin/link/delete',
    input: idSchema,
    output: returns<null>(),
    summary: 'Removes a friend link.',
  }),
};
