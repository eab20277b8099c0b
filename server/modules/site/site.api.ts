/** The site feature's public surface (DESIGN convention 13): the public configuration as every page shows it. */
export { presentConfig } from './site.presenter';
