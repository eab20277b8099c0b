import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../common/constants';
import { ErrorCode } from '../../common/errors';
import { resources } from '../../common/locales';
import { registerLocale } from './i18n';
import { api, ApiError, apiUrl, readEnvelope, send } from './api';
import { commentActions } from '../../common/actions/comments';
import { topicActions } from '../../common/actions/topics';
import { siteActions } from '../../common/actions/site';
import { handleApiError } from './use-api-error';

for (const locale of LOCALES) registerLocale(locale, resources[locale]);

function json(body: unknown, status = 200, statusText = '') {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('envelope handling (spec §8)', () => {
  it('success:true answers data', async () => {
    await expect(readEnvelope(json({ success: true, data: { id: 7 } }))).resolves.toEqual({ id: 7 });
    await expect(readEnvelope(json({ success: true, data: null }))).resolves.toBeNull();
  });

  it('success:false throws the server message with status, errorCode and fields', async () => {
    const error = await failure(
      readEnvelope(json({ success: false, errorCode: 5, message: 'Please enter nickname', fields: { nickname: 'Please enter nickname', bad: 3 } }, 400)),
    );
    expect(error.message).toBe('Please enter nickname');
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe(ErrorCode.Validation);
    expect(error.fields).toEqual({ nickname: 'Please enter nickname' });
  });

  it("success:false without a message throws 'API request failed'", async () => {
    const error = await failure(readEnvelope(json({ success: false }, 200)));
    expect(error.message).toBe('API request failed');
    expect(error.errorCode).toBe(ErrorCode.Other);
    expect((await failure(readEnvelope(json({ success: false, message: '  ' }, 500)))).message).toBe('API request failed');
  });

  it('errorCode 1 is recognised as not signed in', async () => {
    const error = await failure(readEnvelope(json({ success: false, errorCode: 1, message: 'Please sign in first' }, 401)));
    expect(error.isNotSignedIn).toBe(true);
  });

  it('a non-envelope HTTP error throws "<status> <statusText>"', async () => {
    const html = new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } });
    const error = await failure(readEnvelope(html));
    expect(error.message).toBe('502 Bad Gateway');
    expect(error.status).toBe(502);
    expect((await failure(readEnvelope(json({ error: 'x' }, 404, 'Not Found')))).message).toBe('404 Not Found');
    expect(
      (
        await failure(
          readEnvelope(new Response('{broken', { status: 500, statusText: 'Internal Server Error', headers: { 'content-type': 'application/json' } })),
        )
      ).message,
    ).toBe('500 Internal Server Error');
  });
});

describe('api()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds /api URLs with a query, skipping null and undefined', () => {
    expect(apiUrl('user/current')).toBe('/api/user/current');
    expect(apiUrl('/api/topic/topics', { cursor: 'abc', nodeId: 0, skip: undefined, none: null })).toBe('/api/topic/topics?cursor=abc&nodeId=0');
  });

  it('sends JSON bodies with same-origin credentials and answers data', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return json({ success: true, data: { ok: 1 } });
    });
    await expect(api('/api/user/update', { body: { nickname: 'n' } })).resolves.toEqual({ ok: 1 });
    const [call] = calls;
    expect(call?.url).toBe('/api/user/update');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('same-origin');
    expect(call?.init.body).toBe('{"nickname":"n"}');
    expect(new Headers(call?.init.headers).get('content-type')).toBe('application/json');
  });

  it('sends a declared action: its path filled, a GET\'s fields as the query, a POST\'s as the JSON body', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return json({ success: true, data: null });
    });
    await send(commentActions.delete, { id: 42 });
    await send(commentActions.list, { entityType: 'topic', entityId: 7, cursor: 'c1' });
    await send(topicActions.edit, { id: 'x/y', title: 'T', content: 'c', contentType: 'text' } as never);
    expect(calls.map((call) => [call.init.method, call.url, call.init.body ?? null])).toEqual([
      ['POST', '/api/comment/delete/42', '{}'],
      ['GET', '/api/comment/comments?entityType=topic&entityId=7&cursor=c1', null],
      // A path value is encoded, and leaves the body.
      ['POST', '/api/topic/edit/x%2Fy', '{"title":"T","content":"c","contentType":"text"}'],
    ]);
  });

  it('refuses a read that has no route (the pages read it on the server)', () => {
    const pageOnly = { ...siteActions.config, name: 'test.pageOnly', method: null, path: null };
    expect(() => send(pageOnly, {})).toThrow(/has no HTTP route/);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(api('/api/user/current'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('API request failed');
  });
});

describe('handleApiError', () => {
  function harness() {
    const toasts: Array<{ kind: string; message: string; onClose?: () => void }> = [];
    const navigations: string[] = [];
    const push = (kind: string) => (message: string, options?: { onClose?: () => void }) => toasts.push({ kind, message, onClose: options?.onClose });
    const deps = {
      toast: { success: push('success'), error: push('error'), info: push('info') },
      navigate: (to: string) => navigations.push(to),
      currentPath: '/topic/5?page=2',
      t: (key: string) => (key === 'site.api.pleaseSignIn' ? 'Please sign in' : key === 'common.unknownError' ? 'Unknown error' : key),
    };
    return { toasts, navigations, deps };
  }

  it('errorCode 1: toasts "please sign in", then on close goes to sign-in with the current path', () => {
    const { toasts, navigations, deps } = harness();
    handleApiError(new ApiError(401, 1, 'Please sign in first'), deps);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.message).toBe('Please sign in');
    expect(navigations).toEqual([]);
    toasts[0]?.onClose?.();
    expect(navigations).toEqual(['/user/signin?redirect=%2Ftopic%2F5%3Fpage%3D2']);
  });

  it('other errors toast their message, or Unknown error', () => {
    const { toasts, deps } = harness();
    handleApiError(new ApiError(403, 2, 'No permission to access'), deps);
    handleApiError('weird', deps);
    expect(toasts.map((x) => [x.kind, x.message])).toEqual([
      ['error', 'No permission to access'],
      ['error', 'Unknown error'],
    ]);
  });
});
