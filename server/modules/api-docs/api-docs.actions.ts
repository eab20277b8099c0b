/**
 * The API's description as declared actions (ADR 0021): the OpenAPI document for outside
 * clients, and the reference page's read of it. Both describe the code, for anyone.
 */
import { apiDocsActions } from '../../../common/actions/api-docs';
import { apiReferenceViewSchema } from '../../../common/views/api-reference';
import { limit, readAction, who } from '../../kernel/actions';
import { apiDocument, apiReference } from './api-docs.usecases';

export const apiDocsActionList = [
  readAction(apiDocsActions.document, {
    who: who.anyone(),
    limit: limit.none('built once per app and served from memory: a call costs no query'),
    answer: { media: 'application/json' },
    run: apiDocument,
  }),
  readAction(apiDocsActions.reference, {
    who: who.anyone(),
    limit: limit.none('a page read of the same document, built once per app'),
    answer: apiReferenceViewSchema,
    run: apiReference,
  }),
];
