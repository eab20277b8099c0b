/** `/admin`: the back office opens on its first screen. */
import { redirect } from 'react-router';
import { paths } from '~/lib/paths';

export function loader() {
  return redirect(paths.adminAudit);
}
