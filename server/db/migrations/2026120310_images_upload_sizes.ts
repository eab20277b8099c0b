/**
 * Upload sizes (issue 31 item 3, ADR 0031), feature `uploads` ("images"):
 *   upload_images   one row per stored upload made since: its SHA-256 (the stored key's name),
 *                   its width and height in pixels, and the widths of the WebP copies made of it
 *                   (`320,640,1280`, ascending; '' for SVG, animations or an image narrower than
 *                   320 px). Uploads stored before have no row: they are shown as they were.
 * Frozen: never edit.
 */
import { tableOptions, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    db.schema
      .createTable('upload_images')
      .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('variants', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('upload_images').execute();
}
