import { describe, expect, it } from 'vitest';
import { linkUriAllowed, resolveLinkSubmit } from './link';

describe('link dialog', () => {
  it('does nothing for an empty URL', () => {
    expect(resolveLinkSubmit({ url: '', text: 'x', hasSelection: true })).toEqual({ kind: 'ignore' });
    expect(resolveLinkSubmit({ url: '   ', text: '', hasSelection: false })).toEqual({ kind: 'ignore' });
  });

  it('adds the default protocol http to a bare host', () => {
    expect(resolveLinkSubmit({ url: 'example.com', text: 'Example', hasSelection: false })).toEqual({
      kind: 'apply',
      href: 'http://example.com',
      text: 'Example',
    });
    expect(resolveLinkSubmit({ url: 'https://example.com/a?b#c', text: 'x', hasSelection: false })).toMatchObject({
      href: 'https://example.com/a?b#c',
    });
  });

  it('uses the URL as the text when text is empty and nothing is selected', () => {
    expect(resolveLinkSubmit({ url: ' example.com ', text: '', hasSelection: false })).toEqual({
      kind: 'apply',
      href: 'http://example.com',
      text: 'example.com',
    });
  });

  it('keeps the selected text when text is empty or unchanged', () => {
    expect(resolveLinkSubmit({ url: 'example.com', text: '', hasSelection: true })).toEqual({
      kind: 'apply',
      href: 'http://example.com',
      text: null,
    });
    expect(resolveLinkSubmit({ url: 'example.com', text: 'sel', hasSelection: true, initialText: 'sel' })).toMatchObject({ text: null });
    expect(resolveLinkSubmit({ url: 'example.com', text: 'new', hasSelection: true, initialText: 'sel' })).toMatchObject({ text: 'new' });
  });

  it('allows exactly the spec schemes', () => {
    for (const url of [
      'http://a.b',
      'https://a.b',
      'ftp://a.b',
      'ftps://a.b',
      'mailto:a@b.c',
      'tel:+6612345',
      'callto:someone',
      'sms:+6612345',
      'cid:part1',
      'xmpp:user@host',
    ]) {
      expect(resolveLinkSubmit({ url, text: 't', hasSelection: false })).toMatchObject({ kind: 'apply', href: url });
      expect(linkUriAllowed(url)).toBe(true);
    }
  });

  it('refuses other schemes, however disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'chrome://settings',
    ]) {
      expect(resolveLinkSubmit({ url, text: 't', hasSelection: false })).toEqual({ kind: 'unsafe' });
      expect(linkUriAllowed(url)).toBe(false);
    }
  });

  it('refuses custom schemes, even with a valid name (the server would empty them)', () => {
    for (const url of ['sabai-app:open', 'web:x', 'line:msg']) {
      expect(resolveLinkSubmit({ url, text: 't', hasSelection: false })).toEqual({ kind: 'unsafe' });
      expect(linkUriAllowed(url)).toBe(false);
    }
  });

  it('keeps relative links', () => {
    expect(resolveLinkSubmit({ url: '/topic/1', text: 't', hasSelection: false })).toMatchObject({ href: '/topic/1' });
    expect(resolveLinkSubmit({ url: '#part', text: 't', hasSelection: false })).toMatchObject({ href: '#part' });
  });
});
