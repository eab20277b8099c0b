/**
 * zod → JSON Schema (2020-12, the dialect of OpenAPI 3.1) with zod 4's own `z.toJSONSchema`, and
 * what the OpenAPI document needs beyond it:
 *
 * - named views become `components/schemas` entries: zod extracts every schema the `names`
 *   registry names into `$defs`, and `$ref`s into an OpenAPI document resolve against the
 *   document's root, so each conversion's `$defs` are lifted out (`defs`) and its refs rewritten
 *   to `#/components/schemas/<name>`;
 * - a recursion nobody named (a getter's cycle outside `names`) is extracted by zod as
 *   `__schema0`: a counter that restarts at every conversion, so it is renamed with the caller's
 *   prefix before it joins the shared components; one at the root is `$ref: '#'`, which in the
 *   document would mean the document itself, so the root becomes such a component too;
 * - a transform has no JSON Schema (zod throws on one in an answer, `io: 'output'`): the
 *   transforms our schemas make keep their input's type (a dedupe, a case fold, a cast), so a
 *   pipe into a transform is documented as its input side (`override`), after the transform
 *   itself was let through as `{}` (`unrepresentable`);
 * - a description given with `.describe()`/`.meta()` lives in zod's global registry, which a
 *   conversion with its own `metadata` registry no longer reads: `override` copies it over.
 *
 * What zod already does right, and is relied on: `z.preprocess` (ids, switches, lists that forms
 * send as text) is documented as the schema it feeds (`io: 'input'`); `.default()` makes a field
 * optional with its `default` on the input side and required on the output side; a getter's
 * recursion (`CommentView.replies`) is a `$ref` (`cycles: 'ref'`).
 */
import { z } from 'zod';

/** A JSON Schema (2020-12) object, as the document holds it. */
export type JsonSchema = { [keyword: string]: unknown };

/** Which side of a schema to describe: what a caller sends, or what the server answers. */
export type SchemaSide = 'input' | 'output';

/** A registry naming the views that become `components/schemas` entries (by their `id`). */
export type NameRegistry = z.core.$ZodRegistry<z.core.GlobalMeta>;

export interface Converted {
  /** The schema, its refs pointing into `components/schemas`. */
  schema: JsonSchema;
  /** The components it refers to, by name (named views, and renamed unnamed recursions). */
  defs: Record<string, JsonSchema>;
}

export interface ConvertOptions {
  io: SchemaSide;
  /** Views to extract as components; an empty registry inlines everything but recursion. */
  names: NameRegistry;
  /** Names an unnamed recursion of this conversion: `<prefix>.Recursive1`. */
  prefix: string;
}

export const COMPONENT_REF = '#/components/schemas/';
const ZOD_DEF_REF = '#/$defs/';
const ZOD_UNNAMED = /^__schema(\d+)$/;

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A pipe whose output side is a transform (`.transform(fn)`, or `.pipe()` into one). */
function pipeIntoTransform(schema: z.core.$ZodType): z.core.$ZodType | null {
  const def = schema._zod.def;
  if (def.type !== 'pipe') return null;
  const { in: input, out } = def as z.core.$ZodPipeDef;
  return out._zod.def.type === 'transform' ? input : null;
}

/** Empties `target` and fills it with `source` (zod hands `override` the object it emits). */
function replaceContents(target: JsonSchema, source: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/** What a schema's `.describe()`/`.meta()` said, for the JSON Schema. */
function copyGlobalMeta(schema: z.core.$ZodType, json: JsonSchema): void {
  const meta = z.globalRegistry.get(schema);
  if (!meta) return;
  for (const key of ['title', 'description', 'examples', 'deprecated'] as const) {
    if (meta[key] !== undefined && json[key] === undefined) json[key] = meta[key];
  }
}

/** Every `$ref` of `node` rewritten by `rename` (in place); `rename` returns null to keep one. */
function rewriteRefs(node: unknown, rename: (ref: string) => string | null): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteRefs(item, rename);
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') node[key] = rename(value) ?? value;
    else rewriteRefs(value, rename);
  }
}

/**
 * One zod schema as JSON Schema for the OpenAPI document: refs point into `components/schemas`,
 * and the components they name come back beside it.
 */
export function convertSchema(schema: z.ZodType, options: ConvertOptions): Converted {
  const defs: Record<string, JsonSchema> = {};
  const generated = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: options.io,
    metadata: options.names,
    cycles: 'ref',
    reused: 'inline',
    unrepresentable: ({ zodSchema }) => {
      // The pipe around it is rewritten below; any other unrepresentable schema is a gap to fix, loudly.
      if (zodSchema._zod.def.type === 'transform') return {};
      return 'throw';
    },
    override: ({ zodSchema, jsonSchema }) => {
      const source = options.io === 'output' ? pipeIntoTransform(zodSchema) : null;
      if (source) {
        const inner = convertSchema(source as z.ZodType, { ...options, prefix: `${options.prefix}.Transformed` });
        Object.assign(defs, inner.defs);
        replaceContents(jsonSchema as JsonSchema, inner.schema);
      }
      copyGlobalMeta(zodSchema, jsonSchema as JsonSchema);
    },
  }) as JsonSchema;
  return liftDefs(generated, options.prefix, defs);
}

/** Moves a conversion's `$defs` out, renaming zod's numbered ones, and points every ref at the components. */
function liftDefs(generated: JsonSchema, prefix: string, into: Record<string, JsonSchema>): Converted {
  const { $schema: _dialect, $defs, ...schema } = generated;
  void _dialect; // the document's dialect is OpenAPI 3.1's own (`jsonSchemaDialect`)
  const local = isRecord($defs) ? $defs : {};
  const names = new Map<string, string>();
  for (const name of Object.keys(local)) {
    const unnamed = ZOD_UNNAMED.exec(name);
    names.set(name, unnamed ? `${prefix}.Recursive${Number(unnamed[1]) + 1}` : name);
  }
  // A schema that recurs into itself at the root is `$ref: '#'`, which in the document would be
  // the document: the root becomes a component of its own, and the schema a ref to it.
  const self = `${prefix}.Recursive`;
  let selfReferenced = false;
  const rename = (ref: string): string | null => {
    if (ref === '#') {
      selfReferenced = true;
      return COMPONENT_REF + self;
    }
    if (!ref.startsWith(ZOD_DEF_REF)) return null;
    const name = ref.slice(ZOD_DEF_REF.length);
    return COMPONENT_REF + (names.get(name) ?? name);
  };
  rewriteRefs(schema, rename);
  for (const [name, def] of Object.entries(local)) {
    if (!isRecord(def)) continue;
    rewriteRefs(def, rename);
    into[names.get(name) ?? name] = def;
  }
  if (!selfReferenced) return { schema, defs: into };
  into[self] = schema;
  return { schema: { $ref: COMPONENT_REF + self }, defs: into };
}

/** The component a `$ref` names (`#/components/schemas/PublicUser` → `PublicUser`), or null. */
export function componentName(ref: unknown): string | null {
  return typeof ref === 'string' && ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : null;
}
