import type { SiteConfig } from '../../../common/views/site';
import type { Settings } from '../settings/settings.api';
import { aboutTexts } from '../settings/settings.api';

// The shape lives in common/views (the pages read it too); named here for the server's imports.
export type { SiteConfig };

/** The public site configuration (API.md `config/configs`); SMTP, limits and secrets stay out. */
export function presentConfig(settings: Settings, installed: boolean): SiteConfig {
  return {
    installed,
    language: settings.language,
    siteTitle: settings.siteTitle,
    siteDescription: settings.siteDescription,
    siteKeywords: settings.siteKeywords,
    siteLogo: settings.siteLogo,
    siteNavs: settings.siteNavs,
    siteNotice: settings.siteNotice,
    modules: settings.modules,
    // Unset (or emptied): the default text of the site's language.
    ...aboutTexts(settings),
    recommendTags: settings.recommendTags,
    tokenExpireDays: settings.tokenExpireDays,
    timeZone: settings.timeZone,
    // On only with a wallet to pay to (as the VIP routes answer): the menus show Membership by it.
    vip: { enabled: settings.vip.enabled && settings.vip.address !== '' },
  };
}
