/**
 * The nodes feature's actions (ADR 0021): one node for the node page, and the back office's node
 * table and writes (admins only: `site:manage`; 401 for nobody, 403 for everyone else, before any
 * field error). Routes and the pages' reads are made from these; nothing else decides.
 */
import { nodeActions } from '../../../common/actions/nodes';
import { offsetPageOf } from '../../../common/views/moderation';
import { adminNodeViewSchema, nodeViewSchema } from '../../../common/views/node';
import { nothingSchema } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { activeNode, adminNodes, createNodeAsAdmin, deleteNodeAsAdmin, orderNodeAsAdmin, updateNodeAsAdmin } from './nodes.usecases';

const admins = who.staff('site:manage');
const BACK_OFFICE = limit.none('the back office: admins only, each write audited; nothing a member can repeat');

export const nodesActionList = [
  readAction(nodeActions.active, { who: who.anyone(), answer: nodeViewSchema, run: activeNode }),
  readAction(nodeActions.adminList, { who: admins, answer: offsetPageOf(adminNodeViewSchema), run: adminNodes }),
  writeAction(nodeActions.create, { who: admins, limit: BACK_OFFICE, answer: adminNodeViewSchema, run: createNodeAsAdmin }),
  writeAction(nodeActions.update, { who: admins, limit: BACK_OFFICE, answer: adminNodeViewSchema, run: updateNodeAsAdmin }),
  writeAction(nodeActions.order, { who: admins, limit: BACK_OFFICE, answer: nothingSchema, run: orderNodeAsAdmin }),
  writeAction(nodeActions.delete, { who: admins, limit: BACK_OFFICE, answer: nothingSchema, run: deleteNodeAsAdmin }),
];
