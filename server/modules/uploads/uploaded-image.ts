/**
 * An image address a back-office form sends (a node's or a friend link's logo): '' for none, or
 * an image this site stores, uploaded through POST /api/upload with its checks (type from the
 * bytes, size, re-encoding). Anything else is refused with the field named: an outside address
 * would have every reader's browser load a stranger's server.
 */
import type { AppContext } from '../../context';
import { errors } from '../../infra/errors';
import { siteStorage } from './upload-storage';
import { storedImageUrl } from './uploads.service';

export async function uploadedImageOrRefuse(ctx: AppContext, address: string, field: string, messageKey: string): Promise<string> {
  if (address === '') return '';
  const url = await storedImageUrl(address, await siteStorage(ctx), ctx.config);
  if (url === null) throw errors.validation({ [field]: messageKey });
  return url;
}
