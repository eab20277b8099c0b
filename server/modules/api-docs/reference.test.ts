/** The reference page's reading of the document (reference.ts): types, constraints and nested fields. */
import { describe, expect, it } from 'vitest';
import { constraintsOf, fieldOf, fieldsOf, typeOf } from './reference';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('types in code notation', () => {
  it('names views, nullables, arrays, unions, records and constants', () => {
    expect(typeOf(ref('PublicUser'))).toEqual({ type: 'PublicUser', ref: 'PublicUser' });
    expect(typeOf({ anyOf: [ref('PublicUser'), { type: 'null' }] })).toEqual({ type: 'PublicUser | null', ref: 'PublicUser' });
    expect(typeOf({ type: ['number', 'null'] }).type).toBe('number | null');
    expect(typeOf({ type: 'array', items: ref('CommentView') })).toEqual({ type: 'CommentView[]', ref: 'CommentView' });
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }).type).toBe('(string | integer)[]');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'string' } }).type).toBe('Record<string, string>');
    expect(typeOf({ const: true }).type).toBe('true');
    expect(typeOf({ type: 'string', contentMediaType: 'application/octet-stream' }).type).toBe('binary');
    expect(typeOf({}).type).toBe('any');
  });
});

describe('constraints', () => {
  it('lists bounds, allowed values and defaults, leaving out the safe-integer ceiling of every id', () => {
    expect(constraintsOf({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })).toEqual([{ kind: 'minimum', value: '1' }]);
    expect(constraintsOf({ type: 'string', maxLength: 20000, default: '' })).toEqual([
      { kind: 'maxLength', value: '20000' },
      { kind: 'default', value: '""' },
    ]);
    expect(constraintsOf({ type: 'string', enum: ['topic', 'article'] })).toEqual([{ kind: 'oneOf', value: '"topic", "article"' }]);
    expect(constraintsOf({ anyOf: [{ const: 0 }, { const: 1 }] })).toEqual([{ kind: 'oneOf', value: '0, 1' }]);
    expect(constraintsOf({ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] })).toEqual([{ kind: 'maxLength', value: '5' }]);
  });
});

describe('nested fields', () => {
  const comment = {
    type: 'object',
    properties: {
      id: { type: 'number' },
      user: { anyOf: [ref('PublicUser'), { type: 'null' }] },
      quote: { anyOf: [{ type: 'object', properties: { id: { type: 'number' }, content: { type: 'string' } }, required: ['id'] }, { type: 'null' }] },
      imageList: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
      replies: { type: 'array', items: ref('CommentView') },
    },
    required: ['id', 'user', 'quote', 'imageList'],
  };

  it('describes objects in place (nullable ones, arrays of them), and links named views instead of expanding them', () => {
    const fields = fieldsOf(comment);
    expect(fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['id', 'number', true],
      ['user', 'PublicUser | null', true],
      ['quote', 'object | null', true],
      ['imageList', 'object[]', true],
      ['replies', 'CommentView[]', false],
    ]);
    expect(fields[1]).toMatchObject({ ref: 'PublicUser', fields: [] });
    expect(fields[2]!.fields.map((field) => [field.name, field.required])).toEqual([
      ['id', true],
      ['content', false],
    ]);
    expect(fields[3]!.fields.map((field) => field.name)).toEqual(['url']);
    expect(fields[4]).toMatchObject({ ref: 'CommentView', fields: [] });
  });

  it('keeps a field’s description', () => {
    expect(fieldOf('q', { type: 'string', description: 'Words.' }, true)).toEqual({ name: 'q', type: 'string', ref: null, required: true, constraints: [], description: 'Words.', fields: [] });
  });
});
