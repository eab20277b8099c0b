/** Field messages from zod issues: unknown keys are named one by one, whatever their name. */
import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { issueMessages } from './issues';

const fieldsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return issueMessages(result.error);
};

describe('issue messages', () => {
  it('names each key a strict object does not know, inherited names and __proto__ included, under its path', () => {
    const schema = z.strictObject({ a: z.number(), nested: z.strictObject({ b: z.number() }).optional() });
    const body = JSON.parse('{"a": 1, "constructor": 1, "toString": 2, "__proto__": 3, "nested": {"b": 1, "valueOf": 4}}') as unknown;
    const fields = fieldsOf(schema, body);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'nested.valueOf', 'toString']);
    expect(fields.constructor).toEqual({ key: 'validation.unknownField' });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('a field named like an inherited member gets its own message (not taken for one already given)', () => {
    const schema = z.object({ a: z.string() }).superRefine((_value, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['hasOwnProperty'], message: 'validation.required' });
    });
    expect(fieldsOf(schema, { a: 'x' })).toEqual({ hasOwnProperty: { key: 'validation.required' } });
  });

  it('names at most twenty unknown keys of one object, each cut to 100 characters', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(fieldsOf(z.strictObject({}), body))).toHaveLength(20);
    expect(Object.keys(fieldsOf(z.strictObject({}), { ['x'.repeat(5000)]: 1 }))).toEqual([`${'x'.repeat(99)}…`]);
  });
});
