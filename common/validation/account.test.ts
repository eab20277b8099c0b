/** The username rule (spec §5): a length out of bounds names its bound, before the pattern speaks. */
import { describe, expect, it } from 'vitest';
import { setUsernameSchema } from './account';
import { installAdminSchema } from './install';
import { issueMessages } from './issues';

function usernameMessage(username: string) {
  const result = setUsernameSchema.safeParse({ username });
  return result.success ? null : issueMessages(result.error).username;
}

describe('username', () => {
  it('says "at most 12" for 13 or more characters, whatever they are', () => {
    expect(usernameMessage('abcdefghijklm')).toEqual({ key: 'validation.usernameTooLong', params: { max: 12 } });
    expect(usernameMessage('1bc de fghijklmn')).toEqual({ key: 'validation.usernameTooLong', params: { max: 12 } });
  });

  it('says "at least 5" for fewer, and the pattern for the rest', () => {
    expect(usernameMessage('abcd')).toEqual({ key: 'validation.usernameTooShort', params: { min: 5 } });
    expect(usernameMessage('1abcde')).toMatchObject({ key: 'validation.usernameInvalid' });
    expect(usernameMessage('')).toEqual({ key: 'validation.usernameRequired', params: { min: 1 } });
    expect(usernameMessage('abcdefghijkl')).toBeNull();
  });

  it('holds for the installer\'s admin username too', () => {
    const result = installAdminSchema.safeParse({ adminUsername: 'administrator', adminPassword: 'secret1', adminPasswordConfirm: 'secret1' });
    expect(result.success).toBe(false);
    if (!result.success) expect(issueMessages(result.error).adminUsername).toEqual({ key: 'validation.usernameTooLong', params: { max: 12 } });
  });
});
