import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { createTranslator, flattenMessages } from './translate';

const en = { topicUi: { likes_one: '{{count}} like', likes_other: '{{count}} likes', hello: 'Hello, {{name}}!', only: 'English only', section: { deep: 'deep' } } };
const zh = { topicUi: { likes_other: '{{count}} 个赞', hello: '你好，{{ name }}！', section: { deep: '深' } } };

describe('createTranslator', () => {
  const tEn = createTranslator('en-US', en);
  const tZh = createTranslator('zh-CN', zh, { locale: 'en-US', messages: en });

  it('reads dotted keys through the sections', () => {
    expect(tEn('topicUi.section.deep')).toBe('deep');
    expect(tZh('topicUi.section.deep')).toBe('深');
  });

  it('chooses the plural form by count with the locale’s rules', () => {
    expect([0, 1, 2, 5].map((count) => tEn('topicUi.likes', { count }))).toEqual(['0 likes', '1 like', '2 likes', '5 likes']);
    expect([0, 1, 2].map((count) => tZh('topicUi.likes', { count }))).toEqual(['0 个赞', '1 个赞', '2 个赞']);
  });

  it('interpolates named values, spaces inside the braces allowed, values not escaped', () => {
    expect(tEn('topicUi.hello', { name: '<b>Somchai</b>' })).toBe('Hello, <b>Somchai</b>!');
    expect(tZh('topicUi.hello', { name: '颂猜' })).toBe('你好，颂猜！');
    expect(tEn('topicUi.hello', { name: 0 })).toBe('Hello, 0!');
  });

  it('keeps a placeholder whose value is not given; empties one given as undefined', () => {
    expect(tEn('topicUi.hello')).toBe('Hello, {{name}}!');
    expect(tEn('topicUi.hello', {})).toBe('Hello, {{name}}!');
    expect(tEn('topicUi.hello', { name: undefined })).toBe('Hello, !');
  });

  it('falls back to the fallback locale, then to the key; a section is not a text', () => {
    expect(tZh('topicUi.only')).toBe('English only');
    expect(tZh('topicUi.missing')).toBe('topicUi.missing');
    expect(tEn('topicUi.section')).toBe('topicUi.section');
    expect(createTranslator('en-US', {})('a.b', { count: 1 })).toBe('a.b');
  });

  it('uses the bare key when a count is given but no plural form exists', () => {
    expect(tEn('topicUi.only', { count: 3 })).toBe('English only');
  });
});

describe('flattenMessages', () => {
  it('maps every text to its dotted key', () => {
    expect([...flattenMessages(en).keys()]).toEqual(['topicUi.likes_one', 'topicUi.likes_other', 'topicUi.hello', 'topicUi.only', 'topicUi.section.deep']);
  });
});

describe('translator (the real messages)', () => {
  it('translates both locales, plurals included', () => {
    expect(translator('en-US')('topicUi.item.likes', { count: 1 })).toBe('1 like');
    expect(translator('en-US')('topicUi.item.likes', { count: 3 })).toBe('3 likes');
    expect(translator('zh-CN')('topicUi.item.likes', { count: 3 })).toBe('3 个赞');
  });
});
