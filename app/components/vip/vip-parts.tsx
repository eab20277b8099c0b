/**
 * Small pieces of the VIP pages: dates in sentences (the site's time zone, as LocalDateTime writes them), the copy button, the wallet's QR code, the order countdown
 * and the order status chip.
 */
import { useEffect, useState } from 'react';
import type { VipOrderStatus } from '../../../common/vip';
import { Button } from '~/components/ui/button';
import { formatSiteTime } from '../../../common/site-time';
import { useRootData, useSiteConfig } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { useT } from '~/lib/use-t';

/** Formats an epoch ms for a sentence: in the site's time zone, its offset named (as LocalDateTime does). */
export function useDateText(): (time: number) => string {
  const { locale } = useRootData();
  const { timeZone } = useSiteConfig();
  return (time) => formatSiteTime(time, locale, timeZone);
}

export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useT();
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('vip.order.copied'));
    } catch {
      toast.error(t('vip.order.copyFailed'));
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label} data-testid={testId}>
      {t('vip.order.copy')}
    </Button>
  );
}

/** The wallet address as a QR code: an SVG drawn in the browser (the qrcode package loads with it). */
export function WalletQr({ address }: { address: string }) {
  const t = useT();
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toString }) =>
      toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
        if (live) setSvg(drawn);
      }),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div
      role="img"
      aria-label={t('vip.order.qr')}
      className="size-40 shrink-0 rounded-lg border border-zinc-200 bg-white p-2 dark:border-zinc-700 [&>svg]:size-full"
      data-testid="vip-qr"
      data-ready={svg ? 'true' : undefined}
      // The SVG comes from the qrcode package drawing this address: paths only, no script or link.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * "Expires in 59:12", counting down in the browser (the server's render says until when). The
 * server's clock is the reference: `serverNow` is when the page's data was read.
 */
export function Countdown({ expiresAt, serverNow, onExpired }: { expiresAt: number; serverNow: number; onExpired: () => void }) {
  const t = useT();
  const when = useDateText();
  const hydrated = useHydrated();
  const [skew] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  const left = expiresAt - now;
  useEffect(() => {
    if (hydrated && left <= 0) onExpired();
  }, [hydrated, left <= 0]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when it passes
  if (!hydrated) return <span suppressHydrationWarning>{t('vip.order.expiresAt', { time: when(expiresAt) })}</span>;
  if (left <= 0) return <span data-testid="vip-countdown">{t('vip.order.expired')}</span>;
  return (
    <span data-testid="vip-countdown" className="tabular-nums">
      {t('vip.order.expiresIn', { time: clockText(left) })}
    </span>
  );
}

const TONES: Record<VipOrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  submitted: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  expired: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function StatusChip({ status }: { status: VipOrderStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`} data-testid="vip-order-status" data-status={status}>
      {t(`vip.status.${status}`)}
    </span>
  );
}
