/**
 * Article as the API and the pages see it (API.md "Articles", common/views/article.ts): the
 * fields every post shares (publishing.presenter.ts) and its cover; the edit form's raw fields.
 */
import type { ArticleCover, ArticleEditView, ArticleView } from '../../../common/views/article';
import type { ArticleRow } from '../../db/schema';
import { presentPost } from '../publishing/publishing.api';
import type { PostRelations } from '../publishing/publishing.api';
import type { ArticleListRow } from './articles.repository';

export type { ArticleEditView, ArticleView };

const coverOf = (cover: string): ArticleCover | null => (cover ? { url: cover } : null);

export function presentArticle(row: ArticleListRow | ArticleRow, relations: PostRelations, context: { now: number; locale: string }, detail = false): ArticleView {
  return { ...presentPost(row, relations, context, detail), cover: coverOf(row.cover) };
}

export function presentArticleForEdit(row: ArticleRow, tagNames: string[]): ArticleEditView {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary_auto ? '' : row.summary,
    // Markdown: the source; HTML: the stored sanitized HTML, never what was sent.
    content: row.content_type === 'html' ? row.content_html : row.content,
    contentType: row.content_type,
    tags: tagNames,
    cover: coverOf(row.cover),
    status: row.status,
  };
}
