import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { formatDate, formatDateTime, formatRelativeTime } from './relative-time';

const tEn = translator('en-US');
const tZh = translator('zh-CN');
const tTh = translator('th-TH');

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it.each([
    [0, 'just now', '刚刚'],
    [59_999, 'just now', '刚刚'],
    [MIN, '1 minute ago', '1 分钟前'],
    [59 * MIN, '59 minutes ago', '59 分钟前'],
    [HOUR, '1 hour ago', '1 小时前'],
    [23 * HOUR + 59 * MIN, '23 hours ago', '23 小时前'],
    [DAY, '1 day ago', '1 天前'],
    [2 * DAY, '2 days ago', '2 天前'],
    [30 * DAY, '30 days ago', '30 天前'],
  ])('%i ms ago → "%s" / "%s"', (ago, en, zh) => {
    expect(formatRelativeTime(NOW - ago, NOW, tEn, 'UTC')).toBe(en);
    expect(formatRelativeTime(NOW - ago, NOW, tZh, 'UTC')).toBe(zh);
  });

  it('speaks Thai in th-TH (no plural forms: one text for 1 and many)', () => {
    expect(formatRelativeTime(NOW, NOW, tTh, 'UTC')).toBe('เมื่อสักครู่');
    expect(formatRelativeTime(NOW - MIN, NOW, tTh, 'UTC')).toBe('1 นาทีที่แล้ว');
    expect(formatRelativeTime(NOW - 5 * HOUR, NOW, tTh, 'UTC')).toBe('5 ชั่วโมงที่แล้ว');
    expect(formatRelativeTime(NOW - 2 * DAY, NOW, tTh, 'UTC')).toBe('2 วันที่แล้ว');
  });

  it('prints older dates in th-TH with the Thai month and the Buddhist-era year (ADR 0029)', () => {
    expect(formatRelativeTime(NOW - 31 * DAY, NOW, tTh, 'UTC', 'th-TH')).toBe('22 ต.ค. 2569 12:00');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 23, 7), 'Asia/Bangkok', 'th-TH')).toBe('6 ม.ค. 2569 06:07');
    expect(formatDateTime(Date.UTC(2025, 11, 31, 16, 59), 'Asia/Bangkok', 'th-TH')).toBe('31 ธ.ค. 2568 23:59');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 3, 7), 'UTC', 'en-US')).toBe('2026-01-05 03:07');
    expect(formatDate(Date.UTC(2026, 0, 5, 23, 7), 'Asia/Bangkok', 'th-TH')).toBe('6 ม.ค. 2569');
    expect(formatDate(Date.UTC(2026, 0, 5, 23, 7), 'Asia/Bangkok', 'en-US')).toBe('2026-01-06');
  });

  it('shows yyyy-MM-dd HH:mm after 30 days', () => {
    expect(formatRelativeTime(NOW - 31 * DAY, NOW, tEn, 'UTC')).toBe('2026-10-22 12:00');
    expect(formatRelativeTime(NOW - 400 * DAY, NOW, tZh, 'UTC')).toBe('2025-10-18 12:00');
  });

  it('shows far-future times (clock skew beyond a minute) as a date, not "ago"', () => {
    expect(formatRelativeTime(NOW + 2 * HOUR, NOW, tEn, 'UTC')).toBe('2026-11-22 14:00');
    expect(formatRelativeTime(NOW + 10_000, NOW, tEn, 'UTC')).toBe('just now');
  });

  it('formats dates with zero padding and a 24-hour clock in the given zone', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 5, 3, 7), 'UTC')).toBe('2026-01-05 03:07');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 23, 7), 'Asia/Bangkok')).toBe('2026-01-06 06:07');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 0, 0), 'UTC')).toBe('2026-01-05 00:00');
  });
});
