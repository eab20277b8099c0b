/** The API's own description (issue 26): the OpenAPI document, and the reference page's read of it. */
import { z } from '../zod';
import type { ApiReferenceView } from '../views/api-reference';
import type { openApiDocumentSchema } from '../views/openapi';
import { contract, returns } from './contract';

export const apiDocsActions = {
  document: contract({
    name: 'apiDocs.document',
    method: 'GET',
    path: '/api/openapi.json',
    input: z.object({}),
    output: returns<z.infer<typeof openApiDocumentSchema>>(),
    summary: 'This API described as an OpenAPI 3.1 document, made from the declared actions.',
    // The document itself, not in the envelope: OpenAPI tools read the file as it is.
    media: 'application/json',
  }),
  /** The page `/developers/api` reads the same document, made readable (no route of its own). */
  reference: contract({
    name: 'apiDocs.reference',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<ApiReferenceView>(),
    summary: 'The API reference page: the OpenAPI document as grouped, readable field lists.',
  }),
};
