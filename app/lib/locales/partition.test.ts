/**
 * Every message section reaches the browser in exactly one way (./sections.ts): the core chunk,
 * the member chunk, the installer's route data, or not at all (server-only). A section left out
 * of every group would show keys instead of text; one in two groups would be downloaded twice.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/constants';
import { resources } from '../../../common/locales';
import enCore from './en-US';
import enMember from './en-US.member';
import { ADMIN_SECTIONS, DEVELOPER_SECTIONS, INSTALLER_SECTIONS, MEMBER_SECTIONS, SERVER_ONLY_SECTIONS } from './sections';
import zhCore from './zh-CN';
import zhMember from './zh-CN.member';
import thCore from './th-TH';
import thMember from './th-TH.member';

const chunks = {
  'en-US': { core: enCore, member: enMember },
  'zh-CN': { core: zhCore, member: zhMember },
  'th-TH': { core: thCore, member: thMember },
};

describe('message sections in the browser', () => {
  for (const locale of LOCALES) {
    it(`${locale}: core, member, installer, admin, developer and server-only sections cover every section once`, () => {
      const core = Object.keys(chunks[locale].core).sort();
      const member = Object.keys(chunks[locale].member).sort();
      expect(member).toEqual([...MEMBER_SECTIONS].sort());
      const all = [...core, ...member, ...INSTALLER_SECTIONS, ...ADMIN_SECTIONS, ...DEVELOPER_SECTIONS, ...SERVER_ONLY_SECTIONS].sort();
      expect(all).toEqual(Object.keys(resources[locale]).sort());
      expect(new Set(all).size).toBe(all.length);
    });

    it(`${locale}: the chunks hold the same messages the server renders with`, () => {
      for (const [section, messages] of Object.entries({ ...chunks[locale].core, ...chunks[locale].member })) {
        expect(messages, section).toEqual(resources[locale][section]);
      }
    });
  }
});
