/** The public site configuration (API.md `config/configs`); SMTP, limits and secrets stay out. */
import { z } from '../zod';
import { LOCALES } from '../constants';

/** A header nav link: a path of this site or an http(s) address. */
export const siteNavSchema = z.strictObject({ title: z.string(), url: z.string() }).meta({ id: 'SiteNav' });
export type SiteNav = z.infer<typeof siteNavSchema>;

export const siteConfigSchema = z.strictObject({
  installed: z.boolean(),
  language: z.enum(LOCALES),
  siteTitle: z.string(),
  siteDescription: z.string(),
  siteKeywords: z.array(z.string()),
  siteLogo: z.string(),
  siteNavs: z.array(siteNavSchema),
  siteNotice: z.string(),
  modules: z.strictObject({ tweet: z.boolean(), topic: z.boolean(), article: z.boolean() }),
  aboutContent: z.string(),
  contact: z.string(),
  recommendTags: z.array(z.string()),
  tokenExpireDays: z.number(),
  /** The site's time zone (IANA): times in sentences are written in it. */
  timeZone: z.string(),
  vip: z.strictObject({ enabled: z.boolean() }),
}).meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
