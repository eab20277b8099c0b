/**
 * The site's form helper without a browser: zodResolver over the API's schema keeps our
 * i18n keys and (through the helper) their params, nested errors are found by dotted name, and
 * the server's 400 `fields` land on the inputs the form has (the rest on the form's message).
 */
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { resources } from '../../common/locales';
import { adminSettingsSchema } from '../../common/validation/settings';
import { linkSchema, SITE_LIMITS } from '../../common/validation/site-admin';
import { ApiError } from './api';
import { registerLocale, tFor } from './i18n';
import { errorPaths, messageOf, schemaResolver, setServerErrors, SERVER_ERROR } from './use-schema-form';

registerLocale('en-US', resources['en-US']);
registerLocale('zh-CN', resources['zh-CN']);
const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe('useSchemaForm parts', () => {
  it('validates with the schema and translates a limit with its number, in either language', async () => {
    const resolver = schemaResolver<Record<string, string>, unknown>(linkSchema);
    const result = await resolver({ title: 'x'.repeat(SITE_LIMITS.linkTitleMax + 1), url: 'javascript:alert(1)', summary: '', logo: '' }, undefined, options);
    expect(Object.keys(result.errors).sort()).toEqual(['title', 'url']);
    expect(result.errors.title?.message).toBe('adminSite.validation.titleTooLong');
    expect(messageOf(result.errors.title, tFor('en-US'))).toBe(`The title can be at most ${SITE_LIMITS.linkTitleMax} characters`);
    expect(messageOf(result.errors.title, tFor('zh-CN'))).toContain(String(SITE_LIMITS.linkTitleMax));
    expect(messageOf(result.errors.url, tFor('en-US'))).toBe(tFor('en-US')('adminSite.validation.urlInvalid'));

    const valid = await resolver({ title: ' Isaan Kitchen ', url: 'https://isaan.example/', summary: '', logo: '' }, undefined, options);
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ title: 'Isaan Kitchen' });
  });

  it('names nested and listed fields by their dotted path', async () => {
    const resolver = schemaResolver<Record<string, unknown>, unknown>(adminSettingsSchema);
    const result = await resolver({ siteTitle: '', siteNavs: [{ title: 'Visa', url: 'javascript:alert(1)' }] }, undefined, options);
    const paths = errorPaths(result.errors);
    expect(paths).toContain('siteTitle');
    expect(paths).toContain('siteNavs.0.url');
  });

  it('shows a server message as sent and puts a field without an input on the form', () => {
    const setError = vi.fn();
    const form = { setError } as unknown as UseFormReturn<Record<string, string>, unknown, unknown>;
    const element = { elements: { namedItem: (name: string) => (name === 'name' ? {} : null) } } as unknown as HTMLFormElement;
    const error = new ApiError(400, 5, 'Invalid input', { name: 'This name is taken: merge instead', id: 'Not found' });
    expect(setServerErrors(form, error, element)).toEqual(['name', 'id']);
    expect(setError).toHaveBeenCalledWith('name', { type: SERVER_ERROR, message: 'This name is taken: merge instead' });
    expect(setError).toHaveBeenCalledWith('root.form', { type: SERVER_ERROR, message: 'Not found' });
    expect(setServerErrors(form, new ApiError(409, 3, 'Conflict'), element)).toEqual([]);
    expect(messageOf({ type: SERVER_ERROR, message: '名称已被使用' }, tFor('en-US'))).toBe('名称已被使用');
    expect(errorPaths({ root: { form: { type: 'server', message: 'x' } } } as FieldErrors)).toEqual([]);
  });
});
