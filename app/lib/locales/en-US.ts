/**
 * Every en-US message section (common/locales/en-US/<section>.json → key <section>), bundled into
 * one browser chunk loaded only by visitors reading en-US. New section files are picked up
 * automatically. `mail` stays out: only the server writes e-mails. `install` and `installUi` stay
 * out too: only the installer, visited once in a forum's life, shows them, and its route sends
 * them with its data (app/routes/install.tsx).
 */
import type { Messages } from '../../../common/locales';
import { sectionsFromGlob } from './sections';

export default sectionsFromGlob(import.meta.glob<Messages>(['../../../common/locales/en-US/*.json', '!**/mail.json', '!**/install.json', '!**/installUi.json'], { eager: true, import: 'default' }));
