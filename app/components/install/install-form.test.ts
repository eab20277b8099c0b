/**
 * The installer's per-step validation runs the API's own schemas in the browser: these tests
 * pin the spec §5 messages each step shows, and how field paths map back to their steps.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../common/i18n';
import type { FieldErrors, FieldMessage } from '~/lib/form-errors';
import { dbRequestBody, initialInstallValues, installRequestBody, setField, stepOfField, validateStep, withDbType, type InstallValues } from './install-form';

const t = translator('en-US');
function text(message: FieldMessage | undefined): string | undefined {
  if (!message) return undefined;
  return 'text' in message ? message.text : t(message.key, message.params ?? {});
}
function texts(errors: FieldErrors | null): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, message]) => [field, text(message)]));
}

function filled(): InstallValues {
  return {
    ...initialInstallValues(),
    siteTitle: 'Sabai',
    adminUsername: 'founder',
    adminPassword: 'founder-pass',
    adminPasswordConfirm: 'founder-pass',
  };
}

describe('installer steps', () => {
  it('accepts SQLite with no field filled in (zero setup)', () => {
    expect(validateStep('database', initialInstallValues(), false)).toBeNull();
    expect(dbRequestBody(initialInstallValues().db)).toEqual({ type: 'sqlite', database: '' });
  });

  it('keeps the SQLite file apart from the database name typed for MySQL or PostgreSQL, both ways', () => {
    let values = setField(initialInstallValues(), 'db.type', 'mysql');
    values = setField(values, 'db.database', 'forum_prod');
    values = setField(values, 'db.type', 'sqlite');
    expect(values.db.sqliteFile).toBe('');
    expect(dbRequestBody(values.db)).toEqual({ type: 'sqlite', database: '' });
    values = setField(values, 'db.database', 'sabai-test.db');
    expect(dbRequestBody(values.db)).toEqual({ type: 'sqlite', database: 'sabai-test.db' });
    values = setField(values, 'db.type', 'postgres');
    expect(dbRequestBody(values.db)).toMatchObject({ type: 'postgres', database: 'forum_prod' });
    expect(installRequestBody(setField(values, 'db.type', 'sqlite'), false).db).toEqual({ type: 'sqlite', database: 'sabai-test.db' });
  });

  it('asks for host, port, name and username of a server database, keyed as the API keys them', () => {
    let values = setField(initialInstallValues(), 'db.type', 'mysql');
    values = setField(values, 'db.host', '');
    expect(values.db.port).toBe('3306');
    const errors = texts(validateStep('database', values, false));
    const message = 'Please fill in the complete database information';
    expect(errors).toEqual({ 'db.host': message, 'db.database': message, 'db.username': message });
  });

  it('refuses a port that is not 1 to 65535', () => {
    const values = setField(
      { ...initialInstallValues(), db: { ...withDbType(initialInstallValues().db, 'postgres'), host: 'h', database: 'd', username: 'u' } },
      'db.port',
      '70000',
    );
    expect(texts(validateStep('database', values, false))).toEqual({ 'db.port': 'The port must be a number from 1 to 65535' });
  });

  it('skips the database when the server configuration fixed it', () => {
    const values = setField(initialInstallValues(), 'db.type', 'postgres');
    expect(validateStep('database', values, true)).toBeNull();
    expect(installRequestBody(filled(), true)).not.toHaveProperty('db');
  });

  it('shows the spec messages for the site and admin steps', () => {
    expect(texts(validateStep('site', initialInstallValues(), false))).toEqual({ siteTitle: 'Please fill in the site name' });
    expect(texts(validateStep('admin', initialInstallValues(), false))).toEqual({
      adminUsername: 'Please fill in the admin username',
      adminPassword: 'Please fill in the admin password',
      adminPasswordConfirm: 'Please confirm the admin password',
    });
    const mismatch = { ...filled(), adminPasswordConfirm: 'other-pass' };
    expect(texts(validateStep('admin', mismatch, false))).toEqual({ adminPasswordConfirm: 'The two passwords entered do not match' });
    expect(texts(validateStep('admin', { ...filled(), adminPassword: 'abc', adminPasswordConfirm: 'abc' }, false))).toEqual({
      adminPassword: 'The password must be at least 6 characters',
    });
    expect(validateStep('site', filled(), false)).toBeNull();
    expect(validateStep('admin', filled(), false)).toBeNull();
  });

  it('maps a server field error back to the step that holds it', () => {
    expect(stepOfField('db.database')).toBe('database');
    expect(stepOfField('db')).toBe('database');
    expect(stepOfField('siteTitle')).toBe('site');
    expect(stepOfField('adminPasswordConfirm')).toBe('admin');
    expect(stepOfField('language')).toBe('language');
    expect(stepOfField('_')).toBeNull();
  });

  it('ignores an unknown engine instead of trusting the radio value', () => {
    const values = initialInstallValues();
    expect(setField(values, 'db.type', 'oracle')).toBe(values);
  });
});
