/** The first-run installer: its status, the database probe and the install, reachable before install only. */
import type { Feature } from '../../kernel/feature';
import { installActionList } from './install.actions';

export const installFeature: Feature = {
  name: 'install',
  actions: installActionList,
};
