import { describe, expect, it } from 'vitest';
import { GeoIpCountryTable, ipv4Number, ipv6Prefix } from './geoip-country';
import { AddressLocator, ChainLocator, createIpLocator, ProxyHeaderLocator } from './ip-location';

describe('address parsing', () => {
  it('turns dotted IPv4 into its number and refuses what is not one', () => {
    expect(ipv4Number('1.0.0.0')).toBe(16777216);
    expect(ipv4Number('255.255.255.255')).toBe(4294967295);
    for (const bad of ['1.2.3', '1.2.3.256', '1.2.3.4.5', 'a.b.c.d', '', '1..2.3']) expect(ipv4Number(bad)).toBeNull();
  });

  it('takes the upper 64 bits of IPv6, with and without the :: shorthand', () => {
    expect(ipv6Prefix('2001:db8::1')).toBe(0x20010db800000000n);
    expect(ipv6Prefix('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe(0x20010db800010002n);
    expect(ipv6Prefix('::1')).toBe(0n);
    expect(ipv6Prefix('fe80::')).toBe(0xfe80000000000000n);
    for (const bad of ['1.2.3.4', 'nonsense', '2001:db8:::1', '::ffff:1.2.3.4']) expect(ipv6Prefix(bad)).toBeNull();
  });
});

describe('the country table', () => {
  const table = new GeoIpCountryTable();

  it('knows the countries of well-known public addresses, IPv4 and IPv6', () => {
    // APNIC's 1.0.0.0/24 (Australia), Thailand's TOT and True blocks, Google's public DNS.
    expect(table.country('1.0.0.1')).toBe('AU');
    expect(table.country('1.0.1.1')).toBe('CN');
    expect(table.country('8.8.8.8')).toBe('US');
    expect(table.country('2001:4860:4860::8888')).toBe('US');
    // Dual-stack sockets report IPv4 peers as IPv4-mapped IPv6.
    expect(table.country('::ffff:8.8.8.8')).toBe('US');
  });

  it('gives no country for private, loopback, documentation and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.0.10', '100.64.1.1', '203.0.113.9', '::1', '::ffff:192.168.1.1', 'fe80::1', 'fd00::1', '2001:db8::1', 'not an ip', '']) {
      expect(table.country(ip), ip).toBe('');
    }
  });
});

describe('locators', () => {
  // Without a peer named, the client connected directly (its address is the peer).
  const request = (ip: string, headers: Record<string, string> = {}, peer = ip) => ({ ip, headers, socket: { remoteAddress: peer } });

  it('without a trusted proxy, ignores country headers and looks the address up', () => {
    const locator = createIpLocator({ trustProxy: false });
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'TH', 'x-region': 'Bangkok' }))).toEqual({ country: 'US', region: '' });
    expect(locator.locate(request('10.0.0.1', { 'cf-ipcountry': 'TH' }))).toEqual({ country: '', region: '' });
  });

  it('behind a trusted proxy, prefers its headers (with the region) and falls back to the address', () => {
    const locator = createIpLocator({ trustProxy: { hops: 1 } });
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'TH', 'x-region': 'Bangkok' }, '10.0.0.2'))).toEqual({ country: 'TH', region: 'Bangkok' });
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'XX' }, '10.0.0.2'))).toEqual({ country: 'US', region: '' });
  });

  it('believes country headers only from a trusted proxy peer, not from a client that connects directly', () => {
    const locator = createIpLocator({ trustProxy: { addresses: ['10.0.0.0/8'] } });
    // Through the proxy at 10.0.0.2 (also as a dual-stack socket names it).
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'TH' }, '10.0.0.2'))).toEqual({ country: 'TH', region: '' });
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'TH' }, '::ffff:10.0.0.2'))).toEqual({ country: 'TH', region: '' });
    // Straight from 8.8.8.8, past the proxy: its claim is ignored, the address decides.
    expect(locator.locate(request('8.8.8.8', { 'cf-ipcountry': 'TH', 'x-region': 'Bangkok' }))).toEqual({ country: 'US', region: '' });
    expect(locator.locate({ ip: '8.8.8.8', headers: { 'cf-ipcountry': 'TH' } })).toEqual({ country: 'US', region: '' });
  });

  it('keeps only a valid country code from the table', () => {
    expect(new AddressLocator(() => 'th').locate(request('x'))).toEqual({ country: 'TH', region: '' });
    expect(new AddressLocator(() => 'T1').locate(request('x'))).toEqual({ country: '', region: '' });
    expect(new ChainLocator([new ProxyHeaderLocator(), new AddressLocator(() => '')]).locate(request('x'))).toEqual({ country: '', region: '' });
  });
});
