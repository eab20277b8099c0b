/** The pure mention and quote parser (mentions.parser.ts): what counts as a mention, and how it is written back. */
import { describe, expect, it } from 'vitest';
import { decorateMentions, profileIdOf, profileLinkTag, scanContent } from './mentions.parser';

const REL = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('scanContent', () => {
  it('finds a profile link whose text starts with @, and @username in text', () => {
    const html = `<p>Hi <a href="/user/12" ${REL}>@Alice</a> and @bobby_1, see you</p>`;
    const { mentions } = scanContent(html);
    expect(mentions.map((m) => (m.by === 'link' ? ['link', m.userId] : ['name', m.username]))).toEqual([
      ['link', 12],
      ['name', 'bobby_1'],
    ]);
    const name = mentions[1]!;
    expect(html.slice(name.start, name.end)).toBe('@bobby_1');
  });

  it('ignores profile links without @, addresses, code, other links and names too short or too long', () => {
    const html = `<p><a href="/user/3" ${REL}>Alice</a> me@carol.com <code>@dave_x</code></p><pre>@erinx1</pre><p><a href="/topic/1" ${REL}>@frank1</a> @abc @abcdefghijklm</p>`;
    expect(scanContent(html).mentions).toEqual([]);
  });

  it('takes this site’s absolute profile links, never a /redirect one', () => {
    expect(profileIdOf('https://forum.example/user/7')).toBe(7);
    expect(profileIdOf('/user/7/')).toBe(7);
    expect(profileIdOf('/redirect?url=https%3A%2F%2Fevil.example%2Fuser%2F7')).toBeNull();
    expect(profileIdOf('/user/0')).toBeNull();
  });

  it('collects the links inside blockquotes as quotes, and leaves mentions inside them alone', () => {
    const html = `<blockquote><p>@quoted_1 said <a href="/user/4" ${REL}>@x</a></p><p><a href="/topic/3#comment-9" ${REL}>Alice</a></p></blockquote><p>@after_1</p>`;
    const scan = scanContent(html);
    expect(scan.quotes).toEqual(['/user/4', '/topic/3#comment-9']);
    expect(scan.mentions.map((m) => m.by === 'name' && m.username)).toEqual(['after_1']);
  });

  it('decodes entities in a quoted href', () => {
    expect(scanContent(`<blockquote><a href="/topic/3?a=1&amp;b=2#comment-9">x</a></blockquote>`).quotes).toEqual(['/topic/3?a=1&b=2#comment-9']);
  });
});

describe('decorateMentions', () => {
  it('marks a mention, writes a plain profile link past the cap, and leaves the rest as written', () => {
    const html = `<p><a href="/user/12" ${REL}>@Alice</a> @bobby_1 @carol_1</p>`;
    const [link, bob, carol] = scanContent(html).mentions;
    const out = decorateMentions(html, [
      { candidate: link!, userId: 12, style: 'mention' },
      { candidate: bob!, userId: 5, style: 'plain' },
    ]);
    expect(out).toBe(`<p>${profileLinkTag(12, 'mention')}@Alice</a> ${profileLinkTag(5, 'plain')}@bobby_1</a> @carol_1</p>`);
    expect(carol).toBeDefined();
    expect(profileLinkTag(12, 'mention')).toBe(`<a href="/user/12" class="mention" data-user-id="12" ${REL}>`);
    // Decorated HTML scans to the same mentions: decorating twice changes nothing.
    const again = scanContent(out).mentions;
    expect(again.map((m) => m.by)).toEqual(['link', 'link', 'name']);
  });
});
