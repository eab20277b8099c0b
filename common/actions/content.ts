/** Content rendering (API.md "Content"): the contracts of the content feature's actions. */
import { previewSchema } from '../validation/content';
import type { ContentPreview } from '../views/content';
import { contract, returns } from './contract';

export const contentActions = {
  preview: contract({
    name: 'content.preview',
    method: 'POST',
    path: '/api/content/preview',
    input: previewSchema,
    output: returns<ContentPreview>(),
    summary: 'Renders a source (Markdown, HTML or text) through the server pipeline that stores content: the sanitized HTML readers would see.',
  }),
};
