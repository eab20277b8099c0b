/**
 * zod → JSON Schema for the OpenAPI document (json-schema.ts): what zod's own conversion does
 * with our schemas' preprocessing, defaults, transforms and getter recursion, and the gaps the
 * generator fills (refs into components, unnamed recursion, transforms in answers, descriptions).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentCreateSchema } from '../../../common/validation/comment';
import { idField } from '../../../common/validation/fields';
import { adminSettingsViewSchema } from '../../../common/views/settings';
import { commentViewSchema } from '../../../common/views/comment';
import { convertSchema, type JsonSchema } from './json-schema';
import { namedViews, viewName } from './named-views';

const NONE = z.registry<z.core.GlobalMeta>();
const names = namedViews();

function props(schema: JsonSchema): Record<string, JsonSchema> {
  return schema.properties as Record<string, JsonSchema>;
}

describe('zod → JSON Schema', () => {
  it('documents a preprocessed id as the integer it becomes (io input)', () => {
    const { schema } = convertSchema(z.object({ id: idField }), { io: 'input', names: NONE, prefix: 't' });
    expect(props(schema).id).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
  });

  it('makes a defaulted field optional with its default on the input side, required on the output side', () => {
    const input = convertSchema(commentCreateSchema, { io: 'input', names: NONE, prefix: 't' }).schema;
    expect(input.required).toEqual(['entityType', 'entityId']);
    expect(props(input).contentType).toMatchObject({ default: 'text', enum: ['html', 'markdown', 'text'] });
    const output = convertSchema(commentCreateSchema, { io: 'output', names: NONE, prefix: 't' }).schema;
    expect(output.required).toEqual(expect.arrayContaining(['content', 'contentType', 'imageList']));
  });

  it('documents a transform in an answer as its input side, where zod alone throws', () => {
    expect(() => z.toJSONSchema(adminSettingsViewSchema, { io: 'output' })).toThrow(/Transforms cannot be represented/);
    const { schema } = convertSchema(adminSettingsViewSchema, { io: 'output', names: NONE, prefix: 't' });
    const settings = props(props(schema).settings!);
    expect(settings.siteKeywords).toEqual({ type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 32 } });
  });

  it('still refuses what has no JSON Schema and no rule here', () => {
    expect(() => convertSchema(z.object({ when: z.date() }), { io: 'output', names: NONE, prefix: 't' })).toThrow();
  });

  it('points a named view at components/schemas, its recursion included, and leaves no $defs or $schema', () => {
    const { schema, defs } = convertSchema(z.array(commentViewSchema), { io: 'output', names, prefix: 'comment.list' });
    expect(schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CommentView' } });
    expect(Object.keys(defs).sort()).toEqual(['CommentQuote', 'CommentView', 'PublicUser', 'TopicImage']);
    expect(props(defs.CommentView!).replies).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CommentView' } });
    expect(JSON.stringify({ schema, defs })).not.toMatch(/\$defs|\$schema|#\/\$defs/);
  });

  it('renames a recursion nobody named after the conversion, so two conversions do not collide', () => {
    interface Node {
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      get children() {
        return z.array(node);
      },
    });
    const first = convertSchema(z.object({ root: node }), { io: 'output', names: NONE, prefix: 'tree.a' });
    const second = convertSchema(node, { io: 'output', names: NONE, prefix: 'tree.b' });
    expect(Object.keys(first.defs)).toEqual(['tree.a.Recursive1']);
    expect(props(first.schema).root).toEqual({ $ref: '#/components/schemas/tree.a.Recursive1' });
    // At the root, zod writes `$ref: '#'`: in the document that would be the document itself.
    expect(second.schema).toEqual({ $ref: '#/components/schemas/tree.b.Recursive' });
    expect(second.defs['tree.b.Recursive']).toMatchObject({ properties: { children: { items: { $ref: '#/components/schemas/tree.b.Recursive' } } } });
  });

  it('keeps what .describe() says (zod keeps it in its global registry)', () => {
    const { schema } = convertSchema(z.object({ q: z.string().describe('Words to look for.') }), { io: 'input', names, prefix: 't' });
    expect(props(schema).q).toEqual({ type: 'string', description: 'Words to look for.' });
  });
});

describe('every shared schema converts', () => {
  const moduleNames = (folder: string) =>
    readdirSync(new URL(`../../../common/${folder}/`, import.meta.url))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''));

  // What features will declare next: each input of common/validation as a caller sends it, each
  // view of common/views as the server answers it, with no gap left for the document to trip on.
  for (const [folder, io] of [
    ['validation', 'input'],
    ['views', 'output'],
  ] as const) {
    it(`common/${folder}, io ${io}: no throw, no $defs, no ref outside components`, async () => {
      let converted = 0;
      for (const name of moduleNames(folder)) {
        const exports = (await import(`../../../common/${folder}/${name}.ts`)) as Record<string, unknown>;
        for (const [exportName, value] of Object.entries(exports)) {
          if (!(value instanceof z.ZodType)) continue;
          const result = convertSchema(value, { io, names, prefix: `${name}.${exportName}` });
          const text = JSON.stringify(result);
          expect(text, `${folder}/${name}.${exportName}`).not.toMatch(/"\$(?:defs|schema|id)"/);
          for (const [, ref = ''] of text.matchAll(/"\$ref":"([^"]*)"/g)) {
            expect(ref, `${folder}/${name}.${exportName}`).toMatch(/^#\/components\/schemas\/[^/#]+$/);
            // Every component a ref names comes back with the conversion.
            expect(Object.keys(result.defs), `${folder}/${name}.${exportName} → ${ref}`).toContain(ref.split('/').pop());
          }
          converted++;
        }
      }
      expect(converted).toBeGreaterThan(40);
    });
  }
});

describe('named views', () => {
  /** Every module of common/views, by file name. */
  async function viewModules(): Promise<Array<[string, Record<string, unknown>]>> {
    const files = readdirSync(new URL('../../../common/views/', import.meta.url)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    return Promise.all(files.map(async (file) => [file, (await import(`../../../common/views/${file}`)) as Record<string, unknown>] as [string, Record<string, unknown>]));
  }

  it('every object view of common/views names itself after its export, once', async () => {
    const seen = new Map<string, string>();
    const unnamed: string[] = [];
    for (const [file, exports] of await viewModules()) {
      for (const [exportName, value] of Object.entries(exports)) {
        const name = viewName(exportName);
        if (!name || !(value instanceof z.ZodType) || value._zod.def.type !== 'object') continue;
        const id = names.get(value)?.id;
        if (id !== name) unnamed.push(`common/views/${file} ${exportName}: ${String(id)}`);
        expect(seen.get(name), `${name} in ${file}`).toBeUndefined();
        seen.set(name, file);
      }
    }
    expect(unnamed).toEqual([]);
    expect(seen.size).toBeGreaterThan(60);
  });

  it('names a view after its export', () => {
    expect(viewName('publicUserSchema')).toBe('PublicUser');
    expect(viewName('commentViewSchema')).toBe('CommentView');
    expect(viewName('REVIEW_KINDS')).toBeNull();
    expect(names.get(commentViewSchema)?.id).toBe('CommentView');
    expect(names.get(z.null())).toBeUndefined();
  });
});
