import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loader, redirectTarget } from './redirect';

/** The loader's answer for `/redirect?<query>`: its data and HTTP status. */
async function load(query: string): Promise<{ data: unknown; status: number | undefined }> {
  const request = new Request(`http://forum.example/redirect?${query}`);
  const result = await loader({ request, params: {}, context: {} } as LoaderFunctionArgs);
  return { data: result.data, status: result.init?.status };
}

describe('/redirect target rule', () => {
  it('offers http(s) links, normalized', () => {
    expect(redirectTarget('https://example.com/a b?x=1')).toEqual({ ok: true, url: 'https://example.com/a%20b?x=1', host: 'example.com' });
    expect(redirectTarget(' http://th.example:8080/')).toMatchObject({ ok: true, host: 'th.example:8080' });
  });
  it('offers every scheme spec §5 allows for links, each URL as parsed', () => {
    expect(redirectTarget('ftp://files.example/pub/map.pdf')).toEqual({ ok: true, url: 'ftp://files.example/pub/map.pdf', host: 'files.example' });
    expect(redirectTarget('FTPS://files.example:990/')).toMatchObject({ ok: true, url: 'ftps://files.example:990/', host: 'files.example:990' });
    for (const [raw, shown] of [
      ['mailto:somchai@example.com', 'mailto:somchai@example.com'],
      ['tel:+66-2-123-4567', 'tel:+66-2-123-4567'],
      ['callto:somchai', 'callto:somchai'],
      ['sms:+6621234567', 'sms:+6621234567'],
      ['cid:part1.abc@example.com', 'cid:part1.abc@example.com'],
      ['xmpp:somchai@example.com', 'xmpp:somchai@example.com'],
    ] as const) {
      expect(redirectTarget(raw), raw).toEqual({ ok: true, url: shown, host: shown });
    }
  });
  it('refuses missing, malformed and other-scheme targets', () => {
    expect(redirectTarget(null)).toEqual({ ok: false, reason: 'missing' });
    expect(redirectTarget('   ')).toEqual({ ok: false, reason: 'missing' });
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://',
      'mailto:',
      'tel:',
      'http://',
      'not a url',
      '//evil.example',
      '/relative/path',
    ]) {
      expect(redirectTarget(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('answers invalid, never throws, for what the URL parser refuses', () => {
    for (const bad of ['http://ev il.com', 'ht tp://evil.com', 'http://evil.com\u00a0x', 'http://[::1', `https://${'a'.repeat(2100)}.com`]) {
      expect(() => redirectTarget(bad), JSON.stringify(bad)).not.toThrow();
      expect(redirectTarget(bad), JSON.stringify(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('/redirect loader', () => {
  it.each(['url=http://ev%20il.com', 'url=ht%20tp://evil.com', 'url=http://evil.com%C2%A0x'])('shows the invalid message (400, not 500) for %s', async (query) => {
    expect(await load(query)).toEqual({ data: { ok: false, reason: 'invalid' }, status: 400 });
  });
  it('offers a good target with 200 and reports a missing one', async () => {
    expect(await load(`url=${encodeURIComponent('https://example.com/x')}`)).toEqual({ data: { ok: true, url: 'https://example.com/x', host: 'example.com' }, status: 200 });
    expect(await load('')).toEqual({ data: { ok: false, reason: 'missing' }, status: 400 });
  });
});
