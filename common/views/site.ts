/** The public site configuration (API.md `config/configs`); SMTP, limits and secrets stay out. */
import type { Locale } from '../constants';

/** A header nav link: a path of this site or an http(s) address. */
export interface SiteNav {
  title: string;
  url: string;
}

export interface SiteConfig {
  installed: boolean;
  language: Locale;
  siteTitle: string;
  siteDescription: string;
  siteKeywords: string[];
  siteLogo: string;
  siteNavs: SiteNav[];
  siteNotice: string;
  modules: { tweet: boolean; topic: boolean; article: boolean };
  aboutContent: string;
  contact: string;
  recommendTags: string[];
  tokenExpireDays: number;
  vip: { enabled: boolean };
}
