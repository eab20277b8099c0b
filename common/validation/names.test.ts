/** Names lose what a reader cannot see, on write, in the form and on the server alike. */
import { describe, expect, it } from 'vitest';
import { nicknameField, setUsernameSchema, updateProfileSchema } from './account';
import { cleanName } from './names';

describe('cleanName', () => {
  it.each([
    ['admin\u200b', 'admin'],
    ['\u202enimda', 'nimda'],
    ['ad\u200dmin', 'admin'],
    ['a\u2066dmi\u2069n', 'admin'],
    ['\u200e\u200fadmin\ufeff', 'admin'],
    ['ad\u00admin', 'admin'],
    ['ad\u034fmin', 'admin'],
    ['ad\ufe0fmin', 'admin'],
    ['adm\u{E0069}in', 'admin'],
    ['admin\u0000\u0007', 'admin'],
    ['a\u200cdmin', 'admin'],
    ['\u3164\u3164admin', 'admin'],
    ['  Somchai \t\n  Jaidee\u3000', 'Somchai Jaidee'],
  ])('%j becomes %j', (given, stored) => {
    expect(cleanName(given)).toBe(stored);
  });

  it('keeps what makes emoji and joined scripts right', () => {
    for (const name of ['👩\u200d💻 Dev', '❤\ufe0f Bangkok', 'می\u200cخواهم', 'สมชาย ใจดี', '小明', 'Zoë']) expect(cleanName(name)).toBe(name);
  });

  it('the shared schemas store the cleaned name and refuse one that was only invisible', () => {
    expect(nicknameField.parse('admin\u200b')).toBe('admin');
    expect(updateProfileSchema.parse({ nickname: ' \u202eNok ' })).toEqual({ nickname: 'Nok' });
    expect(setUsernameSchema.parse({ username: 'somchai\u200b' })).toEqual({ username: 'somchai' });
    const blank = nicknameField.safeParse('\u200b\u202e\u3164');
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('validation.nicknameRequired');
  });
});
