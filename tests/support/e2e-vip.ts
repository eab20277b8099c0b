/** VIP switched on for browser journeys: a wallet address that passes TRON's checksum, three plans. */
import type { VipSettings } from '../../common/validation/vip';

export const E2E_VIP: VipSettings = {
  enabled: true,
  address: 'THqSwS3ePgEgPcBV7t1s21KEmVDVAVeP2N',
  prices: { '1y': '30', '2y': '50', forever: '150' },
  orderExpiryMinutes: 60,
  explorerUrl: 'https://tronscan.org/#/transaction/{hash}',
  orderLimit: { max: 10, windowMs: 3_600_000 },
};
