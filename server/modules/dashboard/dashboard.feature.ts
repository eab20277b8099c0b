/** The back office's dashboard (issue 17): GET admin/dashboard and `/admin`'s data. Read-only. */
import type { Feature } from '../../kernel/feature';
import { dashboardActionList } from './dashboard.actions';

export const dashboardFeature: Feature = {
  name: 'dashboard',
  actions: dashboardActionList,
};
