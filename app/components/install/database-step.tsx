/**
 * Installer step "database" (spec §2, §5, §9): SQLite (default, zero setup), MySQL/MariaDB or
 * PostgreSQL; server databases need host, port, name and username (password optional); a
 * test-connection action reports testing, success, or failure with the driver's reason.
 */
import { DB_TYPES, DEFAULT_SQLITE_FILE, type InstallDbType } from '../../../common/validation/install';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { useFieldMessage } from '~/lib/form-errors';
import { ChoiceCard } from './choice-card';
import type { StepFieldsProps } from './install-form';
import { useT } from '~/lib/use-t';

/** `blocked`: Next was pressed while the test had failed (the step is not left until it passes or a field changes). */
export type ConnectionTest = { state: 'idle' } | { state: 'testing' } | { state: 'ok' } | { state: 'failed'; reason: string; blocked?: boolean };

const TYPE_LABEL: Record<InstallDbType, string> = {
  sqlite: 'install.database.typeSqlite',
  mysql: 'install.database.typeMysql',
  postgres: 'install.database.typePostgres',
};
const TYPE_DESCRIPTION: Record<InstallDbType, string> = {
  sqlite: 'installUi.sqliteDescription',
  mysql: 'installUi.mysqlDescription',
  postgres: 'installUi.postgresDescription',
};

export interface DatabaseStepProps extends StepFieldsProps {
  /** Set when the server's configuration chose the database (DATABASE_URL): nothing to fill. */
  fixedType: InstallDbType | null;
  test: ConnectionTest;
  onTest: () => void;
}

export function DatabaseStep({ values, errors, onField, fixedType, test, onTest }: DatabaseStepProps) {
  const t = useT();
  if (fixedType) {
    return <p className="rounded-lg bg-zinc-100 p-4 text-sm dark:bg-zinc-800">{t('install.database.fixedByEnv', { type: t(TYPE_LABEL[fixedType]) })}</p>;
  }
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('install.database.type')}</legend>
        <div className="grid gap-2">
          {DB_TYPES.map((type) => (
            <ChoiceCard
              key={type}
              name="db.type"
              value={type}
              checked={values.db.type === type}
              onSelect={(value) => onField('db.type', value)}
              title={t(TYPE_LABEL[type])}
              description={t(TYPE_DESCRIPTION[type])}
              badge={type === 'sqlite' ? t('installUi.recommended') : undefined}
            />
          ))}
        </div>
      </fieldset>
      {values.db.type === 'sqlite' ? (
        <SqliteFields values={values} errors={errors} onField={onField} />
      ) : (
        <ServerFields values={values} errors={errors} onField={onField} />
      )}
      <ConnectionTestRow test={test} onTest={onTest} />
    </div>
  );
}

function SqliteFields({ values, errors, onField }: StepFieldsProps) {
  const t = useT();
  const message = useFieldMessage();
  return (
    <Field
      label={t('install.database.sqliteFile')}
      error={message(errors['db.database'])}
      hint={t('install.database.sqliteHint', { file: DEFAULT_SQLITE_FILE })}
    >
      {(props) => (
        <Input
          {...props}
          name="db.database"
          value={values.db.sqliteFile}
          placeholder={DEFAULT_SQLITE_FILE}
          autoComplete="off"
          onChange={(e) => onField('db.database', e.target.value)}
        />
      )}
    </Field>
  );
}

function ServerFields({ values, errors, onField }: StepFieldsProps) {
  const t = useT();
  const message = useFieldMessage();
  const { db } = values;
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <Field className="sm:col-span-4" label={t('install.database.host')} required error={message(errors['db.host'])}>
        {(props) => <Input {...props} name="db.host" value={db.host} autoComplete="off" onChange={(e) => onField('db.host', e.target.value)} />}
      </Field>
      <Field className="sm:col-span-2" label={t('install.database.port')} required error={message(errors['db.port'])}>
        {(props) => (
          <Input {...props} name="db.port" value={db.port} inputMode="numeric" autoComplete="off" onChange={(e) => onField('db.port', e.target.value)} />
        )}
      </Field>
      <Field className="sm:col-span-6" label={t('install.database.name')} required error={message(errors['db.database'])}>
        {(props) => <Input {...props} name="db.database" value={db.database} autoComplete="off" onChange={(e) => onField('db.database', e.target.value)} />}
      </Field>
      <Field className="sm:col-span-3" label={t('install.database.username')} required error={message(errors['db.username'])}>
        {(props) => <Input {...props} name="db.username" value={db.username} autoComplete="off" onChange={(e) => onField('db.username', e.target.value)} />}
      </Field>
      <Field className="sm:col-span-3" label={t('install.database.password')} error={message(errors['db.password'])} hint={t('install.database.passwordHint')}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="db.password"
            value={db.password}
            autoComplete="new-password"
            onChange={(e) => onField('db.password', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

function ConnectionTestRow({ test, onTest }: { test: ConnectionTest; onTest: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button variant="secondary" onClick={onTest} loading={test.state === 'testing'} data-testid="test-connection">
        {test.state === 'testing' ? t('install.actions.testing') : t('install.actions.testConnection')}
      </Button>
      {/* A live region: the result is announced without moving focus. */}
      <p role="status" aria-live="polite" className="min-w-0 text-sm">
        {test.state === 'ok' && <span className="font-medium text-emerald-700 dark:text-emerald-400">✓ {t('install.database.connectionOk')}</span>}
        {test.state === 'failed' && <span className="break-words text-red-700 dark:text-red-400">{test.reason}</span>}
        {test.state === 'failed' && test.blocked && (
          <span className="mt-1 block font-medium text-red-700 dark:text-red-400" data-testid="connection-blocks-next">
            {t('installUi.connectionBlocksNext')}
          </span>
        )}
      </p>
    </div>
  );
}
