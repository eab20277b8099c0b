import type { ApiSuccess } from '../../common/errors';

/** The success envelope around an action's answer (http/actions-http.ts). */
export function ok<T>(data: T): ApiSuccess<T> {
  return { success: true, data };
}
