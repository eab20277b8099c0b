import { describe, expect, it } from 'vitest';
import {
  ALLOWED_TAGS,
  IMAGE_LIMITS,
  IMAGE_MAX_MB,
  URL_SCHEMES,
  clampImageWidth,
  cleanAttributes,
  filterStyle,
  initialImageSize,
  isAcceptedImageFileName,
  isAcceptedImageType,
  isAllowedImageSrc,
  isAllowedStyle,
  isAllowedUri,
  isHttpUrl,
  STYLE_LIMITS,
  parseHttpUrl,
  isValidCustomSchemeName,
  normalizeLinkHref,
  parseDimension,
  resizeKeepingAspect,
  safeHref,
  uriScheme,
} from './policy';

describe('link schemes (spec §5)', () => {
  it('lists exactly the spec schemes', () => {
    expect([...URL_SCHEMES]).toEqual(['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp']);
  });

  it.each([
    'http://example.com',
    'HTTPS://EXAMPLE.COM/a?b#c',
    'ftp://files.example.com/x',
    'ftps://files.example.com/x',
    'mailto:someone@example.com',
    'tel:+66-2-123-4567',
    'callto:someone',
    'sms:+15551234567',
    'cid:part1@example.com',
    'xmpp:someone@example.com',
    '/topic/1',
    '#comments',
    '?page=2',
    'relative/path',
    '//cdn.example.com/x',
    '',
  ])('allows %s', (url) => {
    expect(isAllowedUri(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u3000:alert(1)',
    '\u200bjavascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'about:blank',
    'chrome://settings',
    'javascript%3Aalert(1)',
    'jav%61script:alert(1)',
    'custom-app:open',
  ])('refuses %s', (url) => {
    expect(isAllowedUri(url)).toBe(false);
  });

  it('refuses custom schemes even with a valid name: none is registered, editor and server agree', () => {
    for (const url of ['custom-app:open', 'web:open', 'line:msg']) {
      expect(isValidCustomSchemeName(url.split(':')[0]!)).toBe(true);
      expect(isAllowedUri(url)).toBe(false);
      expect(normalizeLinkHref(url)).toBe('');
      expect(cleanAttributes('a', { href: url })).toEqual({ href: '' });
    }
  });

  it('reads the scheme after removing characters browsers ignore', () => {
    expect(uriScheme(' \tJavaScript:x')).toBe('javascript');
    expect(uriScheme('/x:y')).toBeNull();
    expect(uriScheme('mailto:a@b.c')).toBe('mailto');
  });

  it('renders an unsafe link with an empty href', () => {
    expect(safeHref('javascript:alert(1)')).toBe('');
    expect(safeHref('  https://example.com  ')).toBe('https://example.com');
  });

  it('recognises absolute http(s) URLs only', () => {
    expect(isHttpUrl('https://example.com/x')).toBe(true);
    expect(isHttpUrl('http://例子.测试/')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('/local')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)//https://x.com')).toBe(false);
  });

  it('parses an http(s) URL once, as given, and refuses what the parser refuses', () => {
    expect(parseHttpUrl('https://example.com/a b')?.href).toBe('https://example.com/a%20b');
    expect(parseHttpUrl('HTTP://Example.COM')?.host).toBe('example.com');
    for (const bad of ['http://ev il.com', 'ht tp://evil.com', 'http://evil.com\u00a0x', 'https://', '/local', 'ftp://example.com', 'javascript:alert(1)']) {
      expect(parseHttpUrl(bad), JSON.stringify(bad)).toBeNull();
      expect(isHttpUrl(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('custom scheme names (spec §5)', () => {
  it.each(['web', 'web-app', 'a1', 'x-y-z', '9p'])('accepts %s', (name) => {
    expect(isValidCustomSchemeName(name)).toBe(true);
  });
  it.each(['', 'Web', '-web', 'web-', 'we--b', 'web_app', 'web.app', 'web+app', 'web app', 'wéb'])('refuses %j', (name) => {
    expect(isValidCustomSchemeName(name)).toBe(false);
  });
});

describe('normalizeLinkHref (default protocol http)', () => {
  it.each([
    ['example.com', 'http://example.com'],
    ['  example.com/path?q=1  ', 'http://example.com/path?q=1'],
    ['www.example.co.th', 'http://www.example.co.th'],
    ['example.com:8080/x', 'http://example.com:8080/x'],
    ['localhost:3000', 'http://localhost:3000'],
    ['192.168.1.1', 'http://192.168.1.1'],
    ['例子.中国', 'http://例子.中国'],
    ['https://example.com', 'https://example.com'],
    ['ftp://example.com', 'ftp://example.com'],
    ['mailto:a@b.co', 'mailto:a@b.co'],
    ['someone@example.com', 'mailto:someone@example.com'],
    ['tel:+123', 'tel:+123'],
    ['/topic/5', '/topic/5'],
    ['#top', '#top'],
    ['', ''],
    ['   ', ''],
    ['javascript:alert(1)', ''],
    ['vbscript:x', ''],
    ['data:text/html,x', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeLinkHref(input)).toBe(expected);
  });
});

describe('image rules', () => {
  it('accepts the spec image types and the 5 MB limit', () => {
    expect(IMAGE_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    expect(IMAGE_MAX_MB).toBe(5);
    for (const t of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'IMAGE/PNG']) expect(isAcceptedImageType(t)).toBe(true);
    for (const t of ['image/bmp', 'text/html', 'image/svg', 'application/octet-stream', '']) expect(isAcceptedImageType(t)).toBe(false);
    for (const n of ['a.jpeg', 'a.JPG', 'b.png', 'c.gif', 'd.webp', 'e.svg']) expect(isAcceptedImageFileName(n)).toBe(true);
    for (const n of ['a.html', 'a.png.exe', 'noext', 'a.bmp']) expect(isAcceptedImageFileName(n)).toBe(false);
  });

  it.each([
    'https://img.example.com/a.png',
    'HTTPS://example.com/a.jpg?x=1',
    '/uploads/ab/cd/0123456789abcdef.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,/9j/4AAQ',
    'DATA:IMAGE/GIF;BASE64,R0lGOD==',
    'data:image/webp;base64,UklGR\nlYA',
  ])('image src %j allowed', (src) => {
    expect(isAllowedImageSrc(src)).toBe(true);
  });

  it.each([
    '',
    // http: the page CSP (img-src 'self' data: blob: https:) would not load it.
    'http://example.com/a.jpg?x=1',
    'HTTP://example.com/a.png',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png,notbase64<>',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/etc/passwd',
    '/uploads/../config.json',
    '/uploads/a b.png',
    'uploads/x.png',
    'ftp://example.com/a.png',
    'https://',
    'http:\\\\evil.example/x.png',
    'ht\ttps://example.com/x.png',
    'vbscript:x',
  ])('image src %j refused', (src) => {
    expect(isAllowedImageSrc(src)).toBe(false);
  });

  it('width and height are whole numbers or empty (spec §3)', () => {
    expect(parseDimension('300')).toBe(300);
    expect(parseDimension(' 42 ')).toBe(42);
    expect(parseDimension(640)).toBe(640);
    for (const bad of ['', '0', '-5', '12.5', '100px', '1e3', 'auto', '99999', null, undefined]) expect(parseDimension(bad)).toBeNull();
  });

  it('clamps resize width to 50–800 px (spec §5)', () => {
    expect(clampImageWidth(10)).toBe(50);
    expect(clampImageWidth(50)).toBe(50);
    expect(clampImageWidth(333.6)).toBe(334);
    expect(clampImageWidth(800)).toBe(800);
    expect(clampImageWidth(5000)).toBe(800);
    expect(clampImageWidth(Number.NaN)).toBe(50);
  });

  it('keeps the aspect ratio when resizing', () => {
    expect(resizeKeepingAspect({ width: 1000, height: 500 }, 400)).toEqual({ width: 400, height: 200 });
    expect(resizeKeepingAspect({ width: 1000, height: 500 }, 2000)).toEqual({ width: 800, height: 400 });
    expect(resizeKeepingAspect({ width: 300, height: 900 }, 10)).toEqual({ width: 50, height: 150 });
    expect(resizeKeepingAspect({ width: 3, height: 2 }, 100)).toEqual({ width: 100, height: 67 });
    expect(resizeKeepingAspect({ width: 0, height: 0 }, 100)).toEqual({ width: 100, height: 100 });
  });

  it('caps a new image at 600 px wide keeping aspect (spec §9)', () => {
    expect(initialImageSize({ width: 1200, height: 800 })).toEqual({ width: 600, height: 400 });
    expect(initialImageSize({ width: 600, height: 10 })).toEqual({ width: 600, height: 10 });
    expect(initialImageSize({ width: 320, height: 240 })).toEqual({ width: 320, height: 240 });
  });
});

describe('styles (spec §3: the editor styles only)', () => {
  it.each([
    ['color', '#f00'],
    ['color', '#FF0000'],
    ['color', '#ff000080'],
    ['color', 'rgb(255, 0, 0)'],
    ['color', 'rgba(255,0,0,0.5)'],
    ['color', 'rgb(255 0 0 / 50%)'],
    ['color', 'hsl(120, 50%, 50%)'],
    ['color', 'hsla(120deg 50% 50% / 0.3)'],
    ['color', 'RebeccaPurple'],
    ['color', 'inherit'],
    ['background-color', 'transparent'],
    ['background-color', '#fff3bf'],
    ['font-size', '14px'],
    ['font-size', '1.25em'],
    ['font-size', '2rem'],
    ['font-size', '120%'],
    ['font-size', 'large'],
    ['line-height', '1.5'],
    ['line-height', '24px'],
    ['line-height', 'normal'],
    ['font-family', 'Inter, sans-serif'],
    ['font-family', '"Comic Sans MS", "Comic Sans"'],
    ['font-family', "'Noto Sans Thai', 微软雅黑, monospace"],
    ['text-align', 'left'],
    ['text-align', 'center'],
    ['text-align', 'RIGHT'],
    ['text-align', 'justify'],
  ])('allows %s: %s', (prop, value) => {
    expect(isAllowedStyle(prop, value)).toBe(true);
  });

  it.each([
    ['color', 'red; background: url(x)'],
    ['color', 'expression(alert(1))'],
    ['color', '#ggg'],
    ['color', 'rgb(1,2)'],
    ['color', 'var(--x)'],
    ['background-color', 'url(javascript:alert(1))'],
    ['font-size', '12pt'],
    ['font-size', 'calc(100vw)'],
    ['font-size', '99999px'],
    ['line-height', 'expression(1)'],
    ['font-family', 'x; behavior: url(a.htc)'],
    ['font-family', 'a\\62 c'],
    ['font-family', 'url(x)'],
    ['font-family', '/**/Arial'],
    ['font-family', '"a'],
    ['font-family', '"Arial\', sans-serif'],
    ['text-align', 'start'],
    ['text-align', 'center;'],
    ['position', 'fixed'],
    ['background', 'red'],
    ['background-image', 'url(x)'],
    ['behavior', 'url(a.htc)'],
    ['-moz-binding', 'url(x.xml#xss)'],
    ['width', '100px'],
    ['display', 'none'],
  ])('refuses %s: %s', (prop, value) => {
    expect(isAllowedStyle(prop, value)).toBe(false);
  });

  it('bounds font-size and line-height so content cannot paint over the page', () => {
    expect(STYLE_LIMITS).toEqual({ px: 96, em: 6, percent: 600, lineHeight: 5 });
    const allowed: [string, string][] = [
      ['font-size', '96px'],
      ['font-size', '96.0px'],
      ['font-size', '95.9999px'],
      ['font-size', '0.5px'],
      ['font-size', '.5em'],
      ['font-size', '6em'],
      ['font-size', '5.99rem'],
      ['font-size', '600%'],
      ['font-size', '599.5%'],
      ['font-size', '8%'],
      ['font-size', '0'],
      ['line-height', '5'],
      ['line-height', '4.75'],
      ['line-height', '1'],
      ['line-height', '.8'],
      ['line-height', '96px'],
      ['line-height', '6rem'],
      ['line-height', '600%'],
    ];
    for (const [prop, value] of allowed) expect(isAllowedStyle(prop, value), `${prop}: ${value}`).toBe(true);
    const refused: [string, string][] = [
      ['font-size', '97px'],
      ['font-size', '96.01px'],
      ['font-size', '100px'],
      ['font-size', '999px'],
      ['font-size', '6.5em'],
      ['font-size', '7rem'],
      ['font-size', '999em'],
      ['font-size', '601%'],
      ['font-size', '999.9999%'],
      ['font-size', '1000%'],
      ['line-height', '5.1'],
      ['line-height', '6'],
      ['line-height', '999'],
      ['line-height', '97px'],
      ['line-height', '7em'],
      ['line-height', '601%'],
    ];
    for (const [prop, value] of refused) expect(isAllowedStyle(prop, value), `${prop}: ${value}`).toBe(false);
    expect(filterStyle('font-size: 999em; line-height: 999; color: red')).toBe('color: red');
  });

  it('filters a style attribute to the allowed declarations', () => {
    expect(filterStyle('color: red; position: fixed; top: 0; font-size: 14px !important')).toBe('color: red; font-size: 14px');
    expect(filterStyle('COLOR:Red;TEXT-ALIGN:center')).toBe('color: Red; text-align: center');
    expect(filterStyle('background-color: url(javascript:alert(1))')).toBe('');
    expect(filterStyle('color: expression(alert(1))')).toBe('');
    expect(filterStyle('font-family: "a;b"')).toBe('');
    expect(filterStyle('color:red;color:blue')).toBe('color: blue');
    expect(filterStyle('')).toBe('');
    expect(filterStyle('garbage')).toBe('');
  });
});

describe('cleanAttributes', () => {
  it('keeps only allowed attributes and values', () => {
    expect(cleanAttributes('a', { href: 'https://x.com', onclick: 'x', class: 'rt-link fixed inset-0', rel: 'me', target: '_blank', title: 't' })).toEqual({
      href: 'https://x.com',
      class: 'rt-link',
      target: '_blank',
      title: 't',
    });
    expect(cleanAttributes('a', { href: 'javascript:alert(1)' })).toEqual({ href: '' });
    expect(cleanAttributes('a', { target: '_top' })).toEqual({});
  });

  it('drops an image without an allowed source and validates its size', () => {
    expect(cleanAttributes('img', { src: 'javascript:alert(1)', alt: 'x' })).toBeNull();
    expect(cleanAttributes('img', { alt: 'x' })).toBeNull();
    expect(cleanAttributes('img', { src: '/uploads/ab/cd/ef.png', width: '300', height: '12.5', onerror: 'x', srcset: 'a 1x' })).toEqual({
      src: '/uploads/ab/cd/ef.png',
      width: '300',
    });
  });

  it('keeps task lists as TipTap renders them', () => {
    expect(cleanAttributes('ul', { 'data-type': 'taskList' })).toEqual({ 'data-type': 'taskList' });
    expect(cleanAttributes('ul', { 'data-type': 'other' })).toEqual({});
    expect(cleanAttributes('li', { 'data-type': 'taskItem', 'data-checked': 'true' })).toEqual({ 'data-type': 'taskItem', 'data-checked': 'true' });
    expect(cleanAttributes('input', { type: 'checkbox', checked: 'checked' })).toEqual({ type: 'checkbox', checked: '', disabled: '' });
    expect(cleanAttributes('input', { type: 'text' })).toBeNull();
    expect(cleanAttributes('input', { type: 'password' })).toBeNull();
    expect(cleanAttributes('input', {})).toBeNull();
  });

  it('validates lists, code classes, tables and styles', () => {
    expect(cleanAttributes('ol', { start: '3', type: 'a' })).toEqual({ start: '3', type: 'a' });
    expect(cleanAttributes('ol', { start: '-1', type: 'disc' })).toEqual({});
    expect(cleanAttributes('code', { class: 'language-ts hljs' })).toEqual({ class: 'language-ts' });
    expect(cleanAttributes('pre', { class: 'language-ts' })).toEqual({});
    expect(cleanAttributes('td', { colspan: '2', rowspan: '0' })).toEqual({ colspan: '2' });
    expect(cleanAttributes('p', { style: 'text-align: center; position: fixed' })).toEqual({ style: 'text-align: center' });
    expect(cleanAttributes('p', { style: 'position: fixed' })).toEqual({});
    expect(cleanAttributes('script', {})).toBeNull();
  });

  it('allows only harmless tags', () => {
    for (const bad of ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'button', 'textarea', 'select', 'base', 'meta', 'link', 'template', 'noscript', 'frame', 'applet']) {
      expect(ALLOWED_TAGS).not.toContain(bad);
    }
  });
});
