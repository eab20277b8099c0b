/** The dashboard feature's action (ADR 0021): GET admin/dashboard and `/admin`'s data, moderators and admins. */
import { dashboardActions } from '../../../common/actions/dashboard';
import { dashboardViewSchema } from '../../../common/views/settings';
import { readAction, who } from '../../kernel/actions';
import { dashboard } from './dashboard.usecases';

export const dashboardActionList = [readAction(dashboardActions.view, { who: who.staff('admin:access'), answer: dashboardViewSchema, run: dashboard })];
