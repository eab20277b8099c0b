/**
 * The installer's form state and its per-step validation. Each step is checked with the SAME
 * zod schema the API applies to `install/install` (common/validation/install.ts) before Next
 * moves on, so the visitor meets the spec §5 messages where they typed, not after installing.
 */
import type { InputOf } from '../../../common/actions/contract';
import type { installActions } from '../../../common/actions/install';
import { DEFAULT_LOCALE, type Locale } from '../../../common/constants';
import {
  DB_TYPES,
  DEFAULT_DB_PORTS,
  installAdminSchema,
  installDbSchema,
  installLanguageSchema,
  installSiteSchema,
  type InstallDbType,
} from '../../../common/validation/install';
import { validateForm, type FieldErrors } from '~/lib/form-errors';

export const INSTALL_STEPS = ['welcome', 'database', 'site', 'admin', 'language', 'install', 'complete'] as const;
export type InstallStepName = (typeof INSTALL_STEPS)[number];

export interface DbValues {
  type: InstallDbType;
  host: string;
  /** Text, as typed: the schema coerces and range-checks it. */
  port: string;
  /** The server engines' database name. */
  database: string;
  /**
   * SQLite's file, kept apart from `database`: a name typed for MySQL or PostgreSQL is no file
   * name, and must not turn up in the SQLite field after switching (nor back).
   */
  sqliteFile: string;
  username: string;
  password: string;
}

export interface InstallValues {
  db: DbValues;
  siteTitle: string;
  siteDescription: string;
  adminUsername: string;
  adminPassword: string;
  adminPasswordConfirm: string;
  adminEmail: string;
  language: Locale;
}

export function initialInstallValues(language: Locale = DEFAULT_LOCALE): InstallValues {
  return {
    db: { type: 'sqlite', host: '127.0.0.1', port: '', database: '', sqliteFile: '', username: '', password: '' },
    siteTitle: '',
    siteDescription: '',
    adminUsername: '',
    adminPassword: '',
    adminPasswordConfirm: '',
    adminEmail: '',
    language,
  };
}

export function isDbType(value: string): value is InstallDbType {
  return (DB_TYPES as readonly string[]).includes(value);
}

/** Switching engine pre-fills that engine's usual port (the spec still requires one). */
export function withDbType(db: DbValues, type: InstallDbType): DbValues {
  const port = type === 'sqlite' ? '' : String(DEFAULT_DB_PORTS[type]);
  return { ...db, type, port };
}

/** What `test_db_connection` and the `db` member of `install` take. SQLite needs only a file. */
export function dbRequestBody(db: DbValues): InputOf<typeof installActions.testDbConnection> {
  // A SQLite file has no password: left out (the schema reads a missing one as '').
  if (db.type === 'sqlite') return { type: 'sqlite', database: db.sqliteFile, password: undefined };
  return { type: db.type, host: db.host, port: db.port, database: db.database, username: db.username, password: db.password };
}

/** Field errors are keyed as the API keys them (`db.host`, `siteTitle`, …). */
function prefixed(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field === '_' ? prefix : `${prefix}.${field}`, message]));
}

/** Validates one step; null when it may be left. `databaseFixed`: the server chose the database. */
export function validateStep(step: InstallStepName, values: InstallValues, databaseFixed: boolean): FieldErrors | null {
  switch (step) {
    case 'database': {
      if (databaseFixed) return null;
      const result = validateForm(installDbSchema, dbRequestBody(values.db));
      return result.ok ? null : prefixed(result.errors, 'db');
    }
    case 'site': {
      const result = validateForm(installSiteSchema, values);
      return result.ok ? null : result.errors;
    }
    case 'admin': {
      const result = validateForm(installAdminSchema, values);
      return result.ok ? null : result.errors;
    }
    case 'language': {
      const result = validateForm(installLanguageSchema, values);
      return result.ok ? null : result.errors;
    }
    default:
      return null;
  }
}

/** The step that owns a server-side field error, so a failed install can send the visitor back. */
export function stepOfField(field: string): InstallStepName | null {
  if (field === 'db' || field.startsWith('db.')) return 'database';
  if (field.startsWith('site')) return 'site';
  if (field.startsWith('admin')) return 'admin';
  if (field === 'language') return 'language';
  return null;
}

/** The `install/install` body. */
export function installRequestBody(values: InstallValues, databaseFixed: boolean): InputOf<typeof installActions.install> {
  return {
    ...(databaseFixed ? {} : { db: dbRequestBody(values.db) }),
    siteTitle: values.siteTitle,
    siteDescription: values.siteDescription,
    adminUsername: values.adminUsername,
    adminPassword: values.adminPassword,
    adminPasswordConfirm: values.adminPasswordConfirm,
    adminEmail: values.adminEmail,
    language: values.language,
  };
}

/** What the form steps receive: the values, their errors, and a setter by field path. */
export interface StepFieldsProps {
  values: InstallValues;
  errors: FieldErrors;
  /** `name` is a field path as the API names it: `siteTitle`, `db.host`, … */
  onField: (name: string, value: string) => void;
}

/** Sets one field by its path (`db.port` reaches into the database group). */
export function setField(values: InstallValues, name: string, value: string): InstallValues {
  if (name.startsWith('db.')) {
    const key = name.slice(3);
    if (key === 'type') return isDbType(value) ? { ...values, db: withDbType(values.db, value) } : values;
    // `db.database` is the field the API (and its errors) name for either: SQLite's goes to its own value.
    const target = key === 'database' && values.db.type === 'sqlite' ? 'sqliteFile' : key;
    return { ...values, db: { ...values.db, [target]: value } };
  }
  return { ...values, [name]: value };
}
