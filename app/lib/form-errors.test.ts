/** Client validation with the shared account schemas gives the same messages the API sends. */
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../common/validation/account';
import { ApiError } from './api';
import { serverFieldErrors, validateForm, withoutField } from './form-errors';

describe('form errors', () => {
  it('validates with a shared schema, one message per field with its limit', () => {
    const result = validateForm(signUpSchema, { nickname: '', email: 'a@b.co', password: 'abc', rePassword: 'abc' });
    expect(result).toEqual({
      ok: false,
      errors: { nickname: { key: 'validation.nicknameRequired', params: { min: 1 } }, password: { key: 'validation.passwordTooShort', params: { min: 6 } } },
    });
    const ok = validateForm(signUpSchema, { nickname: 'N', email: 'A@B.co', password: 'secret', rePassword: 'secret' });
    expect(ok.ok && ok.data.email).toBe('a@b.co');
  });

  it('keeps the server field messages as sent, and only for a validation answer', () => {
    expect(serverFieldErrors(new ApiError(400, 5, 'x', { email: 'This e-mail is already in use' }))).toEqual({
      email: { text: 'This e-mail is already in use' },
    });
    expect(serverFieldErrors(new ApiError(400, 0, 'Wrong username, e-mail or password'))).toBeNull();
    expect(serverFieldErrors(new Error('boom'))).toBeNull();
  });

  it('clears one field without touching the others', () => {
    const errors = { a: { text: '1' }, b: { text: '2' } };
    expect(withoutField(errors, 'a')).toEqual({ b: { text: '2' } });
    expect(withoutField(errors, 'c')).toBe(errors);
    expect(withoutField(errors, 'constructor')).toBe(errors);
  });
});
