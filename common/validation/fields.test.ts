/** Ids parse strictly: only a positive integer in canonical decimal (or a JSON integer) is one. */
import { describe, expect, it } from 'vitest';
import { z } from '../zod';
import { idField, integerField, parseId, pathId } from './fields';

const NOT_IDS = ['0x10', '1e2', ' 1', '1 ', '+1', '01', '1.0', '0', '-1', '', '１', '1_000', '0b1', 'Infinity', '99999999999999999'];

describe('ids', () => {
  it('reads canonical decimal text and JSON integers', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseId(42)).toBe(42);
    expect(idField.parse('16')).toBe(16);
  });

  it.each(NOT_IDS)('refuses %j, which Number() would read', (text) => {
    expect(pathId(text)).toBeNull();
    expect(idField.safeParse(text).success).toBe(false);
  });

  it('refuses numbers that are not positive safe integers, and other types', () => {
    for (const value of [0, -3, 1.5, Number.NaN, 2 ** 53, null, undefined, true, [1], { id: 1 }]) {
      expect(parseId(value), String(value)).toBeNull();
      expect(idField.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('feed selectors take signed integers in the same spelling', () => {
    const nodeId = z.object({ nodeId: integerField(-2).default(0) });
    expect(nodeId.parse({ nodeId: '-2' })).toEqual({ nodeId: -2 });
    expect(nodeId.parse({ nodeId: '0' })).toEqual({ nodeId: 0 });
    expect(nodeId.parse({})).toEqual({ nodeId: 0 });
    for (const text of ['-3', '-0', '0x1', '1e1', ' 1', '+1', '01']) expect(nodeId.safeParse({ nodeId: text }).success, text).toBe(false);
  });
});
