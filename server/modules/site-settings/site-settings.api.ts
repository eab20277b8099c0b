/**
 * The site-settings feature's public surface (DESIGN convention 13): what other features may use
 * of it. Nothing yet: the settings every feature reads are the settings store's
 * (modules/settings, `settings.api`); this feature is the back office's screen over it.
 */
export {};
