/** The th-TH member chunk: the sections only signed-in members see (MEMBER_SECTIONS in ./sections.ts). */
import type { Messages } from '../../../common/locales';
import { sectionsFromGlob } from './sections';

export default sectionsFromGlob(
  import.meta.glob<Messages>('../../../common/locales/th-TH/{accountSettings,articleEdit,ban,editor,moderation,profile,topicForm,ucenter,vip,push,notifications,conversation,reports}.json', { eager: true, import: 'default' }),
);
