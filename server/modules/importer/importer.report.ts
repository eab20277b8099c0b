/** The import's report (issue 33): counts per kind, each skip and each change with its reason, the uploads. */
import type { UploadFailure } from './upload-copier';

export const IMPORT_KINDS = ['user', 'node', 'tag', 'topic', 'article', 'comment', 'like', 'favorite', 'follow', 'checkin', 'scoreLog', 'message'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface KindCounts {
  read: number;
  imported: number;
  /** Imported by an earlier run (the import map has it). */
  already: number;
  skipped: number;
}

/** A source row not imported, or imported with a change, and why. */
export interface ReportLine {
  kind: ImportKind;
  sourceId: string;
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  counts: Record<ImportKind, KindCounts>;
  skips: ReportLine[];
  /** Imported, but not quite as they were (a nickname renamed, a node flattened…). */
  changes: ReportLine[];
  uploads: { found: number; copied: number; unreachable: UploadFailure[] };
  /** Documents in the search index after the rebuild (0 on a dry run: not rebuilt). */
  indexed: number;
  durationMs: number;
}

export function emptyReport(dryRun: boolean): ImportReport {
  const counts = Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, { read: 0, imported: 0, already: 0, skipped: 0 }])) as Record<ImportKind, KindCounts>;
  return { dryRun, counts, skips: [], changes: [], uploads: { found: 0, copied: 0, unreachable: [] }, indexed: 0, durationMs: 0 };
}

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(report.dryRun ? 'bbs-go import — DRY RUN: nothing was written' : 'bbs-go import');
  lines.push('');
  lines.push(`${'kind'.padEnd(10)} ${'read'.padStart(7)} ${'imported'.padStart(9)} ${'already'.padStart(8)} ${'skipped'.padStart(8)}`);
  for (const kind of IMPORT_KINDS) {
    const c = report.counts[kind];
    lines.push(`${kind.padEnd(10)} ${String(c.read).padStart(7)} ${String(c.imported).padStart(9)} ${String(c.already).padStart(8)} ${String(c.skipped).padStart(8)}`);
  }
  lines.push('');
  lines.push(`uploads: ${report.uploads.found} found, ${report.uploads.copied} ${report.dryRun ? 'readable' : 'copied'}, ${report.uploads.unreachable.length} unreachable`);
  for (const failure of report.uploads.unreachable) lines.push(`  unreachable ${failure.url}: ${failure.reason}`);
  if (report.skips.length > 0) {
    lines.push('');
    lines.push('skipped:');
    for (const skip of report.skips) lines.push(`  ${skip.kind} ${skip.sourceId}: ${skip.reason}`);
  }
  if (report.changes.length > 0) {
    lines.push('');
    lines.push('imported with a change:');
    for (const change of report.changes) lines.push(`  ${change.kind} ${change.sourceId}: ${change.reason}`);
  }
  lines.push('');
  if (!report.dryRun) lines.push(`search index: ${report.indexed} documents`);
  lines.push(`took ${(report.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}
