/** Money by its digits and the expiry arithmetic (issue 18, ADR 0020). */
import { describe, expect, it } from 'vitest';
import { DAY_MS, explorerLink, extendVip, formatUsdt, usdtToMicro, vipStateOf } from './vip';

describe('VIP money and expiry', () => {
  it('reads decimal text into micro-USDT without a float, and writes it back', () => {
    expect(usdtToMicro('30')).toBe(30_000_000);
    expect(usdtToMicro('50.5')).toBe(50_500_000);
    expect(usdtToMicro('0.1')).toBe(100_000);
    expect(usdtToMicro('30.007')).toBe(30_007_000);
    // 0.1 + 0.2 would be 0.30000000000000004 as floats.
    expect(usdtToMicro('0.1')! + usdtToMicro('0.2')!).toBe(usdtToMicro('0.3'));
    for (const bad of ['', '-1', '1e3', '1.2345678', 'abc', '1,5', '.5']) expect(usdtToMicro(bad), bad).toBeNull();
    expect(formatUsdt(30_000_000)).toBe('30.00');
    expect(formatUsdt(30_007_000)).toBe('30.007');
    expect(formatUsdt(50_500_000)).toBe('50.50');
    expect(formatUsdt(1)).toBe('0.000001');
  });

  it('extends from a running end, from now after it; forever stays forever', () => {
    const now = 1_900_000_000_000;
    expect(extendVip(0, '1y', now)).toBe(now + 365 * DAY_MS);
    expect(extendVip(now + 10 * DAY_MS, '2y', now)).toBe(now + 740 * DAY_MS);
    expect(extendVip(now - DAY_MS, '1y', now)).toBe(now + 365 * DAY_MS);
    expect(extendVip(now + DAY_MS, 'forever', now)).toBe(-1);
    expect(extendVip(-1, '1y', now)).toBe(-1);
  });

  it('names the state at a moment', () => {
    expect(vipStateOf(0, 5)).toEqual({ kind: 'none', expireTime: 0 });
    expect(vipStateOf(-1, 5)).toEqual({ kind: 'forever', expireTime: -1 });
    expect(vipStateOf(6, 5).kind).toBe('active');
    expect(vipStateOf(5, 5).kind).toBe('expired');
    expect(explorerLink('https://tronscan.org/#/transaction/{hash}', 'ab12')).toBe('https://tronscan.org/#/transaction/ab12');
  });
});
