/**
 * The nodes feature's public surface (DESIGN convention 13): what other features may use of it.
 * Topics present their node and check the one a topic goes to; the topic pages list the nodes
 * (`nodeViews`); the sitemaps list them; the installer names the default one.
 */
export { presentNode } from './nodes.presenter';
export { findActiveNode, findDefaultNode, findNodeById, findNodesByIds, listNodesForSitemap, nameDefaultNode, nodeViews } from './nodes.service';
/** The importer's entry points (issue 33). */
export { importNode, recountNodes, type ImportedNode } from './nodes.import';
