/** The API's own description (issue 26): `GET /api/openapi.json` and the reference page's read. */
import type { Feature } from '../../features';
import { apiDocsActionList } from './api-docs.actions';

export const apiDocsFeature: Feature = {
  name: 'apiDocs',
  actions: apiDocsActionList,
};
