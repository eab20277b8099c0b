/** The installer's answers (API.md "Site and installer"). */
import { z } from '../zod';
import { DB_TYPES } from '../validation/install';

/** GET install/status (before install only). */
export const installStatusSchema = z.strictObject({
  installed: z.boolean(),
  /** The operator set the database (DATABASE_URL): the page skips that step. */
  databaseFixed: z.boolean(),
  databaseType: z.enum(DB_TYPES).nullable(),
}).meta({ id: 'InstallStatus' });
export type InstallStatus = z.infer<typeof installStatusSchema>;

/** POST install/test_db_connection: the connection worked (a failure is the error envelope). */
export const connectionTestedSchema = z.strictObject({ ok: z.literal(true) }).meta({ id: 'ConnectionTested' });
export type ConnectionTested = z.infer<typeof connectionTestedSchema>;

/** POST install/install: installed; `adopted` when the database already held this forum and its admin signed in to it. */
export const installedSchema = z.strictObject({ installed: z.literal(true), adopted: z.boolean() }).meta({ id: 'Installed' });
export type Installed = z.infer<typeof installedSchema>;
