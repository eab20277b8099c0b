/** Quote and reply's markup (quote.ts): what a quoted selection becomes in either editor. */
import { describe, expect, it } from 'vitest';
import { quoteHtml, quoteMarkdown, withQuote } from './quote';

const quote = { text: 'Mangoes <b>are</b> best\n\nin April', author: 'Ann & Bo', url: '/topic/3#comment-9' };

describe('quote markup', () => {
  it('rich text: escaped lines as paragraphs, then the author linked back', () => {
    expect(quoteHtml(quote)).toBe('<blockquote><p>Mangoes &lt;b&gt;are&lt;/b&gt; best</p><p>in April</p><p>— <a href="/topic/3#comment-9">Ann &amp; Bo</a></p></blockquote><p></p>');
  });

  it('Markdown: quoted lines, then the author linked back, then a blank line', () => {
    expect(quoteMarkdown(quote)).toBe('> Mangoes <b>are</b> best\n> in April\n>\n> — [Ann & Bo](/topic/3#comment-9)\n\n');
  });

  it('adds the quote after what is written', () => {
    expect(withQuote('<p>Hi</p><p></p>', quote, 'html').startsWith('<p>Hi</p><blockquote>')).toBe(true);
    expect(withQuote('Hi', quote, 'markdown').startsWith('Hi\n\n> Mangoes')).toBe(true);
  });
});
