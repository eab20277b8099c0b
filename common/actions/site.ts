/** The site itself (API.md "Site and installer"): the public configuration every page and client starts from. */
import { z } from '../zod';
import type { SiteConfig } from '../views/site';
import { contract, returns } from './contract';

export const siteActions = {
  config: contract({
    name: 'site.config',
    method: 'GET',
    path: '/api/config/configs',
    input: z.object({}),
    output: returns<SiteConfig>(),
    summary: 'The public site configuration: title, language, navigation, modules. Answers before install too.',
  }),
};
