import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resources } from '../../common/locales';
import { registerLocale } from './i18n';
import { TranslationProvider, useT } from './use-t';

function Likes({ count }: { count: number }) {
  const t = useT();
  return <span>{t('topicUi.item.likes', { count })}</span>;
}

describe('useT', () => {
  it('translates in the provided locale', () => {
    registerLocale('en-US', resources['en-US']);
    registerLocale('zh-CN', resources['zh-CN']);
    expect(renderToStaticMarkup(<TranslationProvider locale="en-US"><Likes count={1} /></TranslationProvider>)).toBe('<span>1 like</span>');
    expect(renderToStaticMarkup(<TranslationProvider locale="zh-CN"><Likes count={2} /></TranslationProvider>)).toBe('<span>2 个赞</span>');
  });

  it('shows keys without a provider', () => {
    expect(renderToStaticMarkup(<Likes count={2} />)).toBe('<span>topicUi.item.likes</span>');
  });
});
