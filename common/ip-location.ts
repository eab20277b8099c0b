/**
 * An IP location as readers see it: the country's name in the reader's language (built-in
 * `Intl.DisplayNames`), then the region when known. Shared by the API presenters and the pages.
 */
import { z } from './zod';

export const ipLocationViewSchema = z.strictObject({
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  region: z.string(),
  /** e.g. "Thailand · Bangkok", "泰国 · Bangkok". */
  label: z.string(),
});
export type IpLocationView = z.infer<typeof ipLocationViewSchema>;

const names = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale: string): string {
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

export function describeIpLocation(country: string, region: string, locale: string): IpLocationView | null {
  if (!country) return null;
  const name = countryName(country, locale);
  return { country, region, label: region ? `${name} · ${region}` : name };
}
