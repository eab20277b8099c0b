/**
 * Every zh-CN message section (common/locales/zh-CN/<section>.json → key <section>), bundled into
 * one browser chunk loaded only by visitors reading zh-CN. New section files are picked up
 * automatically. `mail` stays out: only the server writes e-mails.
 */
import type { Messages } from '../../../common/locales';
import { sectionsFromGlob } from './sections';

export default sectionsFromGlob(import.meta.glob<Messages>(['../../../common/locales/zh-CN/*.json', '!**/mail.json', '!**/install.json', '!**/installUi.json'], { eager: true, import: 'default' }));
