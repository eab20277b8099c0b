import type { ApiSuccess } from '../../common/errors';

/** The success envelope; every route returns `ok(data)`. */
export function ok<T>(data: T): ApiSuccess<T> {
  return { success: true, data };
}
