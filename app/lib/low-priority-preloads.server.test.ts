import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-preloads.server';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  const page = '<head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head><body>ไทย 中文</body>';
  const lowered = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it('asks for every module preload at low priority and leaves the rest alone', async () => {
    expect(await through([Buffer.from(page)])).toBe(lowered);
  });

  it('finds a preload cut between chunks, and keeps a character cut between chunks whole', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(lowered);
    }
  });

  it('sends a page that ends in part of the marker as it is', async () => {
    expect(await through([Buffer.from('<p>x</p><link rel="modu')])).toBe('<p>x</p><link rel="modu');
  });
});
