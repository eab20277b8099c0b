/**
 * The nodes feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { presentNode } from './nodes.presenter';
export { findDefaultNode, findNodeById, findNodesByIds, listNodesForSitemap } from './nodes.repository';
export { findActiveNode, nameDefaultNode } from './nodes.service';
export { navNodeList, nodeList } from './nodes.usecases';
