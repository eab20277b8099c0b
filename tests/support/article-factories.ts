/**
 * Article factories for tests: `postArticle` goes through POST /api/article/create (the whole
 * path: rules, allowance, write, answer) and answers the new article; `uploadCover` stores an
 * image through POST /api/upload, as the editor's cover upload does, and answers its address.
 */
import sharp from 'sharp';
import type { ArticleView } from '../../common/views/article';
import { multipart } from './multipart';
import type { TestApp } from './test-app';

let counter = 0;

/** Posts through the API with the author's token; throws unless it succeeds. */
export async function postArticle(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<ArticleView> {
  counter += 1;
  const res = await t.post<ArticleView>('/api/article/create', { title: `Article ${counter}`, content: `<p>Body of article ${counter}</p>`, ...body }, { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`postArticle failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A cover as the browser sends it after cropping: a PNG of the cover's ratio, uploaded; answers `/uploads/…`. */
export async function uploadCover(t: TestApp, token: string): Promise<string> {
  counter += 1;
  const png = await sharp({ create: { width: 160, height: 90, channels: 3, background: { r: 20 + (counter % 200), g: 120, b: 90 } } }).png().toBuffer();
  const body = multipart([{ field: 'image', filename: 'cover.png', contentType: 'image/png', data: png }]);
  const res = await t.request<{ url: string }>('POST', '/api/upload', { body: body.payload, token, headers: { 'content-type': body.contentType } });
  if (res.status !== 200 || !res.body.data) throw new Error(`uploadCover failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.url;
}
