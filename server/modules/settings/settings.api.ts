/**
 * The settings store's public surface (DESIGN convention 13): what other features may use of it.
 * Every feature reads the site settings through `ctx.settings` (the cache); the read limits are
 * the rate limits their public reads declare.
 */
export type { Settings } from './settings.schema';
export { defaultSettings } from './settings.schema';
export { aboutTexts, agreementText, writeSettings } from './settings.service';
export { autocompleteLimit, feedReadLimit, readRule } from './read-limits';
export { SettingsCache } from './settings.service';
export { existingSiteSecret, removeSiteSecret, siteSecret, SMS_API_KEY_SECRET, storeSiteSecret } from './site-secrets';
