/**
 * Two-factor authentication and passkeys (issue 29).
 *   user_totp                 one per member: the TOTP secret (base32; stored as is, see ADR 0038),
 *                             confirmed (0 while being set up), the last time step used (a code is
 *                             never taken twice)
 *   user_recovery_codes       ten single-use codes per member, hashed (SHA-256); used_time 0 = unused
 *   user_recovery_codes_user_idx  (user_id, code_hash)
 *   user_passkeys             WebAuthn credentials: id (base64url, unique), COSE public key
 *                             (base64url), signature counter, transports (JSON), the member's name
 *                             for it, created and last used
 *   second_factor_tickets     a sign-in that proved the first step and waits for the second: the
 *                             ticket hashed (SHA-256, unique), the member, how the first step was
 *                             made, where to go after, expiry (5 minutes), attempts
 *   webauthn_challenges       a WebAuthn challenge handed out, used once: for whom (0 = a
 *                             discoverable sign-in), what for, expiry
 * Frozen: never edit.
 */
import { tableOptions, withId, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_totp'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .addColumn('confirmed', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('update_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('user_totp_user_uq').on('user_totp').unique().column('user_id').execute();

  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_recovery_codes'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('user_recovery_codes_user_idx').on('user_recovery_codes').columns(['user_id', 'code_hash']).execute();

  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_passkeys'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('credential_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('last_used_time', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('user_passkeys_credential_uq').on('user_passkeys').unique().column('credential_id').execute();
  await db.schema.createIndex('user_passkeys_user_idx').on('user_passkeys').columns(['user_id', 'id']).execute();

  await tableOptions(
    db,
    withId(db, db.schema.createTable('second_factor_tickets'))
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('method', 'varchar(16)', (c) => c.notNull())
      .addColumn('redirect', 'varchar(1024)', (c) => c.notNull().defaultTo('/'))
      .addColumn('expire_time', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('second_factor_tickets_hash_uq').on('second_factor_tickets').unique().column('ticket_hash').execute();
  await db.schema.createIndex('second_factor_tickets_user_idx').on('second_factor_tickets').column('user_id').execute();

  await tableOptions(
    db,
    withId(db, db.schema.createTable('webauthn_challenges'))
      .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('expire_time', 'bigint', (c) => c.notNull())
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('webauthn_challenges_challenge_uq').on('webauthn_challenges').unique().column('challenge').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('second_factor_tickets').execute();
  await db.schema.dropTable('user_passkeys').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
