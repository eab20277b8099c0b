/**
 * Articles brought in from another forum (the importer, issue 33): inserted as they were there
 * (author, time, views), their content made safe by this site's pipeline (publishing's
 * `renderImported`), the summary theirs or drawn from the content as a write here draws it.
 */
import type { Kysely } from 'kysely';
import { ARTICLE_LIMITS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { htmlToText, renderHtml, shortText } from '../content/content.api';
import { importedPostColumns, renderImported, type ImportedPost } from '../publishing/publishing.api';
import { insertArticle } from './articles.repository';

/** As articles.service.ts stores it. */
const SUMMARY_STORED_MAX = 1024;

export interface ImportedArticle extends ImportedPost {
  /** The author's summary there ('' none): kept as plain text. */
  summary: string;
  /** An image this site stored (`/uploads/…`), or ''. */
  cover: string;
}

/** Inserts an imported article; answers its id, or null when its content shows nothing. */
export async function importArticle(db: Kysely<DB>, article: ImportedArticle, siteOrigin: string | null): Promise<number | null> {
  const rendered = await renderImported(db, article.content, article.contentType, siteOrigin, article.cover ? [article.cover] : []);
  if (!rendered) return null;
  // Their summary may hold markup: only its text is kept.
  const own = article.summary.trim() === '' ? '' : htmlToText(renderHtml(article.summary, 'text')).trim();
  const summary = [...(own || shortText(rendered.text, ARTICLE_LIMITS.summaryMax))].slice(0, SUMMARY_STORED_MAX).join('');
  return insertArticle(db, {
    ...importedPostColumns(article),
    title: article.title,
    summary,
    summary_auto: own ? 0 : 1,
    content: article.content,
    content_type: article.contentType,
    content_html: rendered.html,
    cover: article.cover,
  });
}
