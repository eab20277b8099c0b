/**
 * Content benchmarks (issue 5), printed:
 *  1. sanitizer throughput: documents/s through `renderContent` for a realistic ~20 KB post
 *     (formatting, styles, links, images, lists, a table, code), as HTML and as Markdown;
 *  2. upload throughput: uploads/s of a ~500 KB JPEG through POST /api/upload (app.inject, real
 *     SQLite, sharp re-encode, disk write), sequential and 4 in flight.
 *
 *   npx tsx bench/content.ts            (BENCH_SECONDS=3 by default per sanitizer case)
 */
import { performance } from 'node:perf_hooks';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import { renderContent } from '../server/modules/content/content.service';
import { createUser } from '../tests/support/factories';
import { createTestApp } from '../tests/support/test-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function htmlPost(targetBytes: number): string {
  const blocks: string[] = [];
  let i = 0;
  while (blocks.join('').length < targetBytes) {
    i++;
    blocks.push(
      `<h2 style="text-align: center">Section ${i}: notes from the trip</h2>`,
      `<p style="line-height: 1.6">We left <strong>early</strong> on day ${i}, <em>before sunrise</em>, and took the <u>old road</u> past ` +
        `<a href="https://example.com/places/${i}?ref=forum&amp;lang=en" target="_blank" rel="noopener">the temple</a> and ` +
        `<span style="color: #e03131; background-color: #fff3bf; font-family: &quot;Noto Sans Thai&quot;, sans-serif; font-size: 18px">ตลาดน้ำ</span>. ` +
        `The guide said <code>turn left</code> at the <s>second</s> third bridge; see <a href="/topic/${i}">topic ${i}</a> or mail ` +
        `<a href="mailto:guide${i}@example.com">the guide</a>. 中文也可以，没有问题。</p>`,
      `<p><img src="/uploads/ab/cd/${'0123456789abcdef'.repeat(4)}.jpg" alt="photo ${i}" title="View ${i}" width="600" height="400"></p>`,
      `<ul><li><p>Water, <mark>lots</mark> of it</p></li><li><p>Sun cream</p></li><li><p>A <a href="https://maps.example.org/${i}">map</a></p></li></ul>`,
      `<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>Book the boat</p></div></li>` +
        `<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Pack</p></div></li></ul>`,
      `<blockquote><p>“Slow is smooth, smooth is fast.”</p></blockquote>`,
      `<pre><code class="language-ts">const day = ${i};\nif (day &lt; 3) console.log('go');</code></pre>`,
      `<table><tbody><tr><th>Day</th><th>Km</th></tr><tr><td>${i}</td><td style="text-align: right">${i * 12}</td></tr></tbody></table>`,
    );
  }
  return blocks.join('');
}

function markdownPost(targetBytes: number): string {
  const blocks: string[] = [];
  let i = 0;
  while (blocks.join('\n\n').length < targetBytes) {
    i++;
    blocks.push(
      `## Section ${i}: notes from the trip`,
      `We left **early** on day ${i}, _before sunrise_, past [the temple](https://example.com/places/${i}?ref=forum) and ตลาดน้ำ.\n` +
        `The guide said \`turn left\` at the ~~second~~ third bridge; see [topic ${i}](/topic/${i}) or www.example.org/${i}. 中文也可以。`,
      `![photo ${i}](/uploads/ab/cd/${'0123456789abcdef'.repeat(4)}.jpg "View ${i}")`,
      `- Water, lots of it\n- Sun cream\n- A [map](https://maps.example.org/${i})`,
      `> Slow is smooth, smooth is fast.`,
      '```ts\nconst day = ' + i + ';\nif (day < 3) console.log("go");\n```',
      `| Day | Km |\n|---|--:|\n| ${i} | ${i * 12} |`,
    );
  }
  return blocks.join('\n\n');
}

function measure(label: string, doc: string, render: (doc: string) => string): void {
  for (let i = 0; i < 30; i++) render(doc); // warm-up
  let n = 0;
  const start = performance.now();
  const until = start + SECONDS * 1000;
  while (performance.now() < until) {
    render(doc);
    n++;
  }
  const seconds = (performance.now() - start) / 1000;
  const out = { html: render(doc) };
  console.log(
    `${label.padEnd(34)} ${(doc.length / 1024).toFixed(1).padStart(5)} KB in → ${(out.html.length / 1024).toFixed(1)} KB html: ` +
      `${(n / seconds).toFixed(0).padStart(6)} docs/s  (${((seconds * 1000) / n).toFixed(2)} ms/doc, ${((n * doc.length) / seconds / 1024 / 1024).toFixed(1)} MB/s)`,
  );
}

async function jpegOfAbout(bytes: number): Promise<Buffer> {
  let side = 700;
  for (;;) {
    const jpeg = await sharp({ create: { width: side, height: Math.round(side * 0.75), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 85 })
      .toBuffer();
    if (jpeg.length >= bytes * 0.9 || side > 4000) return jpeg;
    side = Math.round(side * Math.sqrt(bytes / jpeg.length));
  }
}

function multipart(data: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----sabaibench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function benchUploads(): Promise<void> {
  const t = await createTestApp({ dialect: 'sqlite', env: { RATE_LIMITS: 'off' } });
  try {
    const { token } = await createUser(t);
    const jpeg = await jpegOfAbout(500 * 1024);
    const meta = await sharp(jpeg).metadata();
    const body = multipart(jpeg);
    const once = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { 'content-type': body.contentType, 'x-user-token': token } });
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < 3; i++) await once(); // warm-up
    for (const inFlight of [1, 4]) {
      const total = 40;
      const start = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < total) {
            next++;
            await once();
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `upload ${(jpeg.length / 1024).toFixed(0)} KB JPEG ${meta.width}×${meta.height}, ${inFlight} in flight:`.padEnd(50) +
          ` ${(total / seconds).toFixed(1).padStart(5)} uploads/s  (${((seconds * 1000) / total).toFixed(1)} ms each, ${total} uploads)`,
      );
    }
  } finally {
    await t.close();
  }
}

console.log(`content benchmark — node ${process.version}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()}\n`);
const site = { siteOrigin: 'https://forum.example.com' };
const html = htmlPost(20 * 1024);
measure('HTML post → renderContent', html, (d) => renderContent(d, 'html', site).html);
measure('Markdown post → renderContent', markdownPost(20 * 1024), (d) => renderContent(d, 'markdown', site).html);
// Reference on the same machine and moment: bare sanitize-html with its defaults (no policy, no styles).
measure('(reference: sanitize-html defaults)', html, (d) => sanitizeHtml(d));
console.log('');
await benchUploads();
