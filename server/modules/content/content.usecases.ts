/** The content use cases, one function per action (content.actions.ts declares who may call each). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { contentActions } from '../../../common/actions/content';
import type { ContentPreview } from '../../../common/views/content';
import { publicOrigin } from '../../http/site-address';
import type { ReadCall } from '../../kernel/actions';
import { uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { renderHtml } from './content.service';

type Input<K extends keyof typeof contentActions> = ParsedInputOf<(typeof contentActions)[K]>;

/** POST content/preview: the source rendered by the pipeline that renders stored content (sanitizer included). */
export async function previewContent({ ctx, input, db }: ReadCall<Input<'preview'>, undefined>): Promise<ContentPreview> {
  const images = await uploadImageFacts(db, uploadAddressesIn(input.content));
  return { html: renderHtml(input.content, input.contentType, { siteOrigin: publicOrigin(ctx.config), images }) };
}
