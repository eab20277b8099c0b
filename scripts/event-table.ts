/**
 * `npm run docs:events`: the table of domain events in docs/architecture.md, printed from the
 * code — each fact, the file that declares it, the files that record it, and the features that
 * listen in the write's transaction and after its commit (from a running app's registry). The
 * table sits between the markers below; `--check` exits 1 when the document is out of date
 * (tests/unit/event-table.test.ts runs the same check).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs', 'architecture.md');
const BEGIN = '<!-- events:begin (npm run docs:events) -->';
const END = '<!-- events:end -->';

function serverSources(): string[] {
  return readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .map((file) => `server/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
}

/** Where each event is declared (its `DomainEventMap` entry) and which files record it (`emit('…'`). */
function eventSources(): { declared: Map<string, string>; recorded: Map<string, Set<string>> } {
  const declared = new Map<string, string>();
  const recorded = new Map<string, Set<string>>();
  for (const file of serverSources()) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    if (source.includes('interface DomainEventMap {')) {
      for (const match of source.matchAll(/^\s+'([a-z]+\.[A-Za-z]+)':/gm)) declared.set(match[1]!, file);
    }
    for (const match of source.matchAll(/\bemit\(\s*'([a-z]+\.[A-Za-z]+)'/g)) {
      const set = recorded.get(match[1]!) ?? new Set<string>();
      set.add(file.replace(/^server\//, ''));
      recorded.set(match[1]!, set);
    }
  }
  return { declared, recorded };
}

/** The listeners of each event, by feature, in the order they run. */
async function listeners(): Promise<Record<string, string[]>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-events-'));
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    try {
      return app.ctx.events.describe();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Names in order, a feature listening more than once shown once with its count (`topics ×2`). */
function cell(values: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size === 0) return '—';
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

/** The markdown table, one row per declared event, in the order of the files that declare them. */
export async function eventTable(): Promise<string> {
  const { declared, recorded } = eventSources();
  const described = await listeners();
  const rows = [...declared.entries()].sort(([a, fa], [b, fb]) => fa.localeCompare(fb) || a.localeCompare(b));
  const lines = ['| event | declared in | recorded by | in the transaction | after the commit |', '|---|---|---|---|---|'];
  for (const [event, file] of rows) {
    const heard = described[event] ?? [];
    const inWrite = heard.filter((entry) => entry.endsWith('(write)')).map((entry) => entry.replace(' (write)', ''));
    const afterCommit = heard.filter((entry) => entry.endsWith('(commit)')).map((entry) => entry.replace(' (commit)', ''));
    const by = [...(recorded.get(event) ?? [])].sort().map((f) => `\`${f}\``);
    lines.push(`| \`${event}\` | \`${file.replace(/^server\//, '')}\` | ${cell(by)} | ${cell(inWrite)} | ${cell(afterCommit)} |`);
  }
  return lines.join('\n');
}

/** The document with its table replaced. */
export async function documentWithTable(): Promise<{ current: string; updated: string }> {
  const current = readFileSync(DOC, 'utf8');
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`docs/architecture.md has no ${BEGIN} … ${END} section`);
  const updated = `${current.slice(0, start + BEGIN.length)}\n${await eventTable()}\n${current.slice(end)}`;
  return { current, updated };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { current, updated } = await documentWithTable();
  if (process.argv.includes('--check')) {
    if (current !== updated) {
      console.error('docs/architecture.md: the event table is out of date; run npm run docs:events');
      process.exit(1);
    }
  } else if (current !== updated) {
    writeFileSync(DOC, updated);
    console.log('docs/architecture.md: event table written');
  } else {
    console.log('docs/architecture.md: event table up to date');
  }
}
