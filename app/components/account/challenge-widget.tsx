/**
 * The proof-of-work challenge (issue 28) on the sign-up and password reset forms: the ALTCHA
 * widget, self-hosted — the challenge comes from this site (`GET /api/auth/challenge`), the work
 * runs in a Web Worker bundled with the site (no request leaves it, so it works in China and
 * offline, and the strict CSP needs nothing new: the worker is a same-origin script), and its
 * words are ours, in the page's language. It starts solving as soon as the form shows; the
 * solution reaches the form through `onPayload` (null until solved, and again after a reset).
 * While the site has the challenge switched off (the first fetch answers 403), nothing shows.
 */
// The widget's JSX element type (types only: nothing of it runs on the server).
import type {} from 'altcha/types/react';
// The external build carries no inline styles (the strict CSP): its stylesheet is bundled with the site.
import 'altcha/altcha.css';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { challengeActions } from '../../../common/actions/defences';
import { ApiError, send } from '~/lib/api';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

interface WidgetElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void>;
  reset(): void;
  verify(): Promise<unknown>;
}

export interface ChallengeHandle {
  /** The solved challenge the form sends (the widget's hidden field), or null until solved. */
  payload(): string | null;
  /** After a refused try: the spent solution is dropped and a new one solved. */
  reset(): void;
}

const WIDGET_KEYS = ['label', 'verifying', 'verified', 'error', 'expired', 'verificationRequired', 'waitAlert', 'loading', 'reload', 'verify', 'cancel'] as const;

/** The challenge route answers the API's envelope; the widget wants the challenge itself. */
async function unwrappingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  const body = (await response.json()) as { data?: unknown };
  return new Response(JSON.stringify(body.data ?? {}), { status: response.status, headers: { 'content-type': 'application/json' } });
}

export const ChallengeWidget = forwardRef<ChallengeHandle, { onPayload: (payload: string | null) => void }>(function ChallengeWidget({ onPayload }, handle) {
  const t = useT();
  const { locale } = useRootData();
  const ref = useRef<WidgetElement | null>(null);
  const [needed, setNeeded] = useState<boolean | null>(null);
  const onPayloadRef = useRef(onPayload);
  onPayloadRef.current = onPayload;
  const tRef = useRef(t);
  tRef.current = t;
  /** Set up once per element: a second set-up would start the work again and drop a solution. */
  const started = useRef<WidgetElement | null>(null);

  useImperativeHandle(handle, () => ({
    payload() {
      const field = ref.current?.closest('form')?.querySelector<HTMLInputElement>('input[name="altcha"]');
      return field?.value || null;
    },
    reset() {
      onPayloadRef.current(null);
      const widget = ref.current;
      if (!widget) return;
      widget.reset();
      void widget.verify();
    },
  }));

  // Whether the site asks for it: the first challenge is fetched here (403 while it is off).
  useEffect(() => {
    let live = true;
    send(challengeActions.challenge, {})
      .then(() => live && setNeeded(true))
      .catch((error: unknown) => live && setNeeded(!(error instanceof ApiError && error.status === 403)));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!needed) return;
    let live = true;
    const language = `sabai-${locale.toLowerCase()}`;
    void (async () => {
      await import('altcha/external');
      const { default: ShaWorker } = await import('altcha/workers/sha?worker');
      const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker>; i18n: { set(name: string, value: Record<string, string>): void } } }).$altcha;
      registry.algorithms.set('SHA-256', () => new ShaWorker());
      registry.i18n.set(language, Object.fromEntries(WIDGET_KEYS.map((key) => [key, tRef.current(`defences.challenge.widget.${key}`)])));
      const widget = ref.current;
      if (!live || !widget || started.current === widget) return;
      started.current = widget;
      widget.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ payload?: string | null; state?: string }>).detail;
        onPayloadRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
      });
      await widget.configure({ challenge: '/api/auth/challenge', fetch: unwrappingFetch, language, hideFooter: true, hideLogo: false, minDuration: 0 });
      // Started once, here (an `auto` start as well would run a second solve over the first).
      void widget.verify();
    })();
    return () => {
      live = false;
    };
  }, [needed, locale]);

  if (!needed) return null;
  return (
    <div className="space-y-1" data-testid="challenge">
      <altcha-widget ref={ref as React.Ref<HTMLElement>} name="altcha" />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('defences.challenge.note')}</p>
    </div>
  );
});
