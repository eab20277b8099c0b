/**
 * Nodes, the sections topics are posted in: one node for the node page (a page read, no route),
 * and the back office's node table and writes (API.md "Back office: nodes, tags, friend links,
 * site notices"). The node lists the topic pages and forms show are the topics feature's
 * (`topic/nodes`, `topic/node_navs`).
 */
import { z } from '../zod';
import { idField } from '../validation/fields';
import { nodeDeleteSchema, nodeSchema, nodeUpdateSchema, orderSchema, sitePageQuery } from '../validation/site-admin';
import type { OffsetPage } from '../views/moderation';
import type { AdminNodeView, NodeView } from '../views/node';
import { contract, returns } from './contract';

export const nodeActions = {
  active: contract({
    name: 'node.active',
    method: null,
    path: null,
    input: z.object({ id: idField }),
    output: returns<NodeView>(),
    summary: 'One active node (the node page); 404 for an unknown or removed one.',
  }),
  adminList: contract({
    name: 'node.adminList',
    method: 'GET',
    path: '/api/admin/nodes',
    input: sitePageQuery,
    output: returns<OffsetPage<AdminNodeView>>(),
    summary: 'The back office: every active node in display order, a numbered page (admins).',
  }),
  create: contract({
    name: 'node.create',
    method: 'POST',
    path: '/api/admin/node/create',
    input: nodeSchema,
    output: returns<AdminNodeView>(),
    summary: 'Creates a node, last in the display order (admins).',
  }),
  update: contract({
    name: 'node.update',
    method: 'POST',
    path: '/api/admin/node/update',
    input: nodeUpdateSchema,
    output: returns<AdminNodeView>(),
    summary: "Changes a node's name, description, logo and place in the navigation (admins).",
  }),
  order: contract({
    name: 'node.order',
    method: 'POST',
    path: '/api/admin/node/order',
    input: orderSchema,
    output: returns<null>(),
    summary: 'Moves a node one step up or down the display order (admins).',
  }),
  delete: contract({
    name: 'node.delete',
    method: 'POST',
    path: '/api/admin/node/delete',
    input: nodeDeleteSchema,
    output: returns<null>(),
    summary: 'Deletes a node, its topics moved to `moveTo` first (admins; the last node stays).',
  }),
};
