/**
 * No route declares a Fastify schema (actions validate their input with zod, kernel/input.ts), so
 * Fastify's own schema compilers (ajv, fast-json-stringify) are loaded only if one ever does:
 * loading them at start was about a tenth of a cold start's CPU (bench/cold-start.ts, issue 32).
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SchemaCompilers = Required<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>>;
type CompilerSelector<K extends keyof SchemaCompilers> = () => SchemaCompilers[K];

/** Fastify's own dependencies, resolved from Fastify (they are not ours to depend on directly). */
function fromFastify(name: string): unknown {
  return createRequire(createRequire(import.meta.url).resolve('fastify'))(name);
}

function lazyValue<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

function passThrough(target: () => unknown): (...args: unknown[]) => unknown {
  return (...args) => (target() as (...args: unknown[]) => unknown)(...args);
}

const ajvCompiler = lazyValue(() => fromFastify('@fastify/ajv-compiler') as CompilerSelector<'buildValidator'>);
const serializerCompiler = lazyValue(() => fromFastify('@fastify/fast-json-stringify-compiler') as CompilerSelector<'buildSerializer'>);

/** For `Fastify({ schemaController: { compilersFactory } })`. */
export const lazySchemaCompilers: SchemaCompilers = {
  // Cast: the factories' types are overloaded (ajv or JTD); these pass whatever Fastify gives through.
  buildValidator: passThrough(() => ajvCompiler()()) as SchemaCompilers['buildValidator'],
  buildSerializer: passThrough(() => serializerCompiler()()) as SchemaCompilers['buildSerializer'],
};
