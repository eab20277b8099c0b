import type { Messages } from '../../../common/locales';

/** `{'…/en-US/site.json': {...}}` → `{site: {...}}` (the section is the file name). */
export function sectionsFromGlob(files: Record<string, Messages>): Messages {
  const out: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const section = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
    out[section] = messages;
  }
  return out;
}
