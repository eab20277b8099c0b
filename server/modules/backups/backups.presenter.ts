/** A backup's row as the back office shows it. */
import type { BackupView } from '../../../common/views/backups';
import type { BackupRow } from '../../db/schema';

export function presentBackup(row: BackupRow): BackupView {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status === 'done' || row.status === 'failed' ? row.status : 'running',
    origin: row.origin === 'scheduled' ? 'scheduled' : 'manual',
    size: row.size,
    schemaVersion: row.schema_version,
    error: row.error,
    errorKey: row.error_key,
    store: row.store === 'bucket' ? 'bucket' : 'disk',
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}
