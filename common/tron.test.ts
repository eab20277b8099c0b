/** TRON addresses by their base58check checksum (issue 31 item 7, defect 9). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base58Decode, isTronAddress, sha256 } from './tron';
import { vipSettingsInput } from './validation/vip';

/** Real addresses: the USDT and USDC contracts, the all-zero ("black hole") address, and the test wallet. */
const VALID = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'THqSwS3ePgEgPcBV7t1s21KEmVDVAVeP2N'];
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('TRON address checksum', () => {
  it('computes SHA-256 as node:crypto does, across block boundaries', () => {
    for (const length of [0, 1, 21, 55, 56, 63, 64, 65, 130]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff);
      expect(Buffer.from(sha256(bytes)).toString('hex'), String(length)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('accepts real addresses and decodes them to 25 bytes starting with 0x41', () => {
    for (const address of VALID) {
      expect(isTronAddress(address), address).toBe(true);
      const bytes = base58Decode(address)!;
      expect([bytes.length, bytes[0]]).toEqual([25, 0x41]);
    }
  });

  it('refuses every one-character typo of them, and shapes that are not addresses', () => {
    for (const address of VALID) {
      for (const at of [1, 10, 20, 33]) {
        const original = address[at]!;
        const replacement = ALPHABET[(ALPHABET.indexOf(original) + 1) % ALPHABET.length]!;
        const typo = address.slice(0, at) + replacement + address.slice(at + 1);
        expect(isTronAddress(typo), typo).toBe(false);
      }
      // Two neighbours swapped.
      expect(isTronAddress(address.slice(0, 5) + address[6] + address[5] + address.slice(7))).toBe(false);
    }
    for (const bad of ['', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'TVipWa11etAddressForTestsXYZabcdef', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT']) {
      expect(isTronAddress(bad), bad).toBe(false);
    }
  });

  it('is what the VIP settings validate the wallet with', () => {
    const settings = { enabled: true, prices: { '1y': '30', '2y': '50', forever: '150' }, orderExpiryMinutes: 60, explorerUrl: 'https://tronscan.org/#/transaction/{hash}' };
    expect(vipSettingsInput.safeParse({ ...settings, address: VALID[0] }).success).toBe(true);
    const typo = vipSettingsInput.safeParse({ ...settings, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' });
    expect(typo.success ? [] : typo.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['address', 'adminVip.validation.address']]);
  });
});
