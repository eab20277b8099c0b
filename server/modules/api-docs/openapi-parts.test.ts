/**
 * The pieces of the OpenAPI document that read a declaration (openapi.ts): paths, parameters
 * and bodies from the input, the vendor extensions, and the refusals a declaration makes possible.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, returns } from '../../../common/actions/contract';
import { idField } from '../../../common/validation/fields';
import { limit, readAction, who, writeAction, type SiteSettings } from '../../kernel/actions';
import { convertSchema } from './json-schema';
import { limitExtension, mediaSchema, objectFields, openApiPath, operationOf, parametersOf, pathParameterNames, refusalsOf, requestBodyOf, securityOf, whoExtension, withoutFields } from './openapi';

const NONE = z.registry<{ id: string }>();
const SETTINGS = { postLimits: { perUser: { max: 5, windowMs: 60_000 } } } as unknown as SiteSettings;
const inputOf = (schema: z.ZodType) => convertSchema(schema, { io: 'input', names: NONE, prefix: 't' }).schema;

const editTopic = contract({
  name: 'topic.edit',
  method: 'POST',
  path: '/api/topic/edit/:id',
  input: z.object({ id: idField, title: z.string().max(128), tags: z.array(z.string()).default([]) }),
  output: returns<null>(),
  summary: 'Edits a topic.',
  notFound: 'topic.errors.notFound',
});
const avatar = contract({ name: 'user.avatar', method: 'POST', path: '/api/user/update_avatar', input: z.object({ avatar: z.string().optional() }), output: returns<null>(), summary: 'Sets the avatar.', upload: 'file' });
const feed = contract({ name: 'topic.feed', method: 'GET', path: '/api/topic/topics', input: z.object({ nodeId: z.number().int(), cursor: z.string().optional() }), output: returns<null>(), summary: 'A feed.' });
const run = async () => null;

describe('paths and input', () => {
  it('writes paths in OpenAPI templating, a wildcard as {path}', () => {
    expect(openApiPath('/api/topic/edit/:id')).toBe('/api/topic/edit/{id}');
    expect(openApiPath('/api/admin/vip/orders/:id/activate')).toBe('/api/admin/vip/orders/{id}/activate');
    expect(openApiPath('/uploads/*')).toBe('/uploads/{path}');
    expect(pathParameterNames('/uploads/*')).toEqual(['path']);
  });

  it('makes a GET input query parameters, each with its schema and whether it is required', () => {
    expect(parametersOf('GET', inputOf(feed.input), [])).toEqual([
      { name: 'nodeId', in: 'query', required: true, schema: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('takes the path parameters out of a POST body', () => {
    const input = inputOf(editTopic.input);
    expect(parametersOf('POST', input, ['id'])).toEqual([{ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }]);
    const body = requestBodyOf(editTopic, input, ['id']);
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(objectFields(body!.content['application/json']!.schema).properties)).toEqual(['title', 'tags']);
  });

  it('sends an upload as a multipart form with its file part, beside the JSON fields', () => {
    const body = requestBodyOf(avatar, inputOf(avatar.input), []);
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data', 'application/json']);
    expect(body?.content['multipart/form-data']?.schema).toMatchObject({ properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] });
  });

  it('reads the fields of a union: required only where every branch requires them; strips path fields from each branch', () => {
    const union = inputOf(z.union([z.object({ ids: z.array(z.number()), scope: z.string() }), z.object({ upTo: z.number(), scope: z.string() })]));
    const { properties, required } = objectFields(union);
    expect(Object.keys(properties).sort()).toEqual(['ids', 'scope', 'upTo']);
    expect([...required]).toEqual(['scope']);
    expect(objectFields(withoutFields(union, ['scope'])).properties).not.toHaveProperty('scope');
  });
});

describe('what the declaration knows', () => {
  const create = writeAction(editTopic, {
    who: who.writer({ verifiedWhen: () => true }),
    limit: limit.allowance('topic', (settings) => settings.postLimits as never, [400]),
    answer: z.null(),
    target: { load: async () => ({ user_id: 1 }), can: ['content:edit', (row) => ({ userId: row.user_id })] },
    run,
  });

  it('tells who may call: the gate, the rules, the verified e-mail', () => {
    expect(whoExtension(create)).toEqual({ gate: 'writer', can: null, itemRule: 'content:edit', verifiedEmail: 'whenTheSiteAsks', bannedMay: null });
    const staff = readAction(feed, { who: who.staff('admin:access'), answer: z.null(), run });
    expect(whoExtension(staff)).toMatchObject({ gate: 'member', can: 'admin:access', verifiedEmail: 'no' });
    expect(securityOf(staff)).toEqual([{ userToken: [] }, { sessionCookie: [] }]);
    expect(securityOf(readAction(feed, { who: who.anyone(), answer: z.null(), run }))).toEqual([{}, { userToken: [] }, { sessionCookie: [] }]);
  });

  it('names the rate rules (those made from the settings too) and whose count each spends, or why there are none', () => {
    expect(limitExtension(create.limit, SETTINGS)).toEqual({
      rules: [
        { name: 'topic:user', key: 'user' },
        { name: 'topic:ip', key: 'ip' },
      ],
      stage: 'afterInput',
      staffExempt: true,
      refundOn: [400],
      onSuccess: 'keep',
      onPages: false,
    });
    expect(limitExtension(limit.rules([{ rule: { name: 'x', max: 1, windowMs: 1 }, key: () => 'k' }], { stage: 'beforeInput' }), SETTINGS)).toMatchObject({ rules: [{ name: 'x', key: 'call' }], stage: 'beforeInput' });
    expect(limitExtension(limit.none('idempotent'), SETTINGS)).toEqual({ none: 'idempotent' });
    expect(limitExtension(undefined, SETTINGS)).toEqual({ none: null });
  });

  it('lists the refusals the declaration makes possible, with their errorCodes', () => {
    expect(Object.fromEntries(refusalsOf(create, inputOf(editTopic.input)))).toEqual({ 400: [5], 401: [1], 403: [2, 3, 4], 404: [6], 429: [7] });
    const open = readAction(contract({ ...feed, input: z.object({}) }), { who: who.anyone(), answer: z.null(), run });
    expect([...refusalsOf(open, inputOf(z.object({}))).keys()]).toEqual([]);
    const upload = writeAction(avatar, { who: who.writer(), limit: limit.none('test'), answer: z.null(), run });
    expect([...refusalsOf(upload, inputOf(avatar.input)).keys()]).toEqual([400, 401, 403, 413, 415]);
  });

  it('answers a media document as its media type, JSON otherwise in the envelope', () => {
    expect(mediaSchema('application/rss+xml')).toEqual({ type: 'string' });
    expect(mediaSchema('application/json')).toEqual({ type: 'object' });
    expect(mediaSchema('text/event-stream')).toEqual({ type: 'string' });
    expect(mediaSchema('image/png')).toEqual({ type: 'string', contentMediaType: 'image/png' });
    const rss = readAction(contract({ ...feed, name: 'rss', input: z.object({}) }), { who: who.anyone(), answer: { media: 'application/rss+xml' }, run: async () => ({ body: '' }) });
    const { operation } = operationOf({ feature: 'articles', action: rss }, NONE, SETTINGS);
    expect(operation.responses['200']?.content).toEqual({ 'application/rss+xml': { schema: { type: 'string' } } });
    const json = operationOf({ feature: 'topics', action: create }, NONE, SETTINGS).operation;
    expect(json.responses['200']?.content?.['application/json']?.schema).toEqual({ type: 'object', properties: { success: { const: true }, data: { type: 'null' } }, required: ['success', 'data'] });
    expect(json).toMatchObject({ operationId: 'topic.edit', tags: ['topics'], 'x-sabai-writes': true });
  });

  it('names the action whose schema it cannot describe', () => {
    const datedFeed = contract({ ...feed, output: returns<{ at: Date }>() });
    const dated = readAction(datedFeed, { who: who.anyone(), answer: z.object({ at: z.date() }), run: async () => ({ at: new Date() }) });
    expect(() => operationOf({ feature: 'topics', action: dated }, NONE, SETTINGS)).toThrow(/cannot describe topic\.feed: Date cannot be represented/);
  });
});
