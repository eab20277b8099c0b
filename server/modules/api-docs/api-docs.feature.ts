/** The API's own description (issue 26): `GET /api/openapi.json` and the reference page's read. */
import type { Feature } from '../../kernel/feature';
import { apiDocsActionList } from './api-docs.actions';

export const apiDocsFeature: Feature = {
  name: 'apiDocs',
  actions: apiDocsActionList,
};
