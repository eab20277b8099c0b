/** Content rendering: the editor's preview, through the pipeline that renders stored content. */
import type { Feature } from '../../kernel/feature';
import { contentActionList } from './content.actions';

export const contentFeature: Feature = {
  name: 'content',
  actions: contentActionList,
};
