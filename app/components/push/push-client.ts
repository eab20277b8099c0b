/**
 * This browser's side of Web Push: whether it can take notifications, its current subscription,
 * and turning them on or off for this device. Permission is asked only from `turnOnPush`, which
 * a click calls: never on load (browsers penalise sites that ask unprompted, and members learn to
 * click "Block"). The service worker is /sw.js (it shows a push's `title`/`body`, opens its `url`,
 * replaces by `tag`). Every browser step has a deadline, so a push service that cannot be reached
 * (offline, or a browser without one) ends in a clear error rather than a spinner forever.
 */
import { send } from '~/lib/api';
import { serviceWorkerUrl } from '~/lib/service-worker';
import { pushActions } from '../../../common/actions/push';

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

/** What a turn-on attempt came to. */
export type TurnOnResult = 'on' | 'denied' | 'dismissed';

/** Registering and activating the worker: a few seconds at most on a working site. */
const WORKER_DEADLINE_MS = 10_000;
/** The browser asks its push service for an endpoint: a network round trip. */
const SUBSCRIBE_DEADLINE_MS = 20_000;

export class PushStepFailed extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number, step: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new PushStepFailed(`${step}: no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new PushStepFailed(`${step}: ${String(error)}`));
      },
    );
  });
}

/** Whether this browser can take push notifications, and the site's permission if so. Browser only. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  return Notification.permission;
}

/** This browser's subscription, if it has one; registers nothing. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The subscription as the server takes it. */
function subscriptionBody(subscription: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Asks for permission (only now, on the member's click), then registers the worker, subscribes
 * with the site's key and hands the subscription to the server. Throws when a step fails.
 */
export async function turnOnPush(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  // The page registers the worker after load (app/lib/service-worker.ts): use that one. Registering
  // another address for the same scope would replace it, and the two calls would race.
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    await withDeadline(navigator.serviceWorker.register(serviceWorkerUrl(document.documentElement.lang || 'en-US'), { scope: '/' }), WORKER_DEADLINE_MS, 'register');
  }
  const registration = await withDeadline(navigator.serviceWorker.ready, WORKER_DEADLINE_MS, 'ready');
  const { publicKey } = await send(pushActions.key, {});
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await withDeadline(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }), SUBSCRIBE_DEADLINE_MS, 'subscribe'));
  await send(pushActions.subscribe, subscriptionBody(subscription));
  return 'on';
}

/** Tells the server to forget this device, then drops the browser's subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await send(pushActions.unsubscribe, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

// ---------------------------------------------------------------------------------------------
// The gentle prompt after a first comment

const COMMENTED = 'sabai:comment-posted';
const PROMPT_KEY = 'sabai.pushPrompt';

/** The comment box calls this after a comment or reply is up. */
export function announceCommentPosted(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(COMMENTED));
}

export function onCommentPosted(listener: () => void): () => void {
  window.addEventListener(COMMENTED, listener);
  return () => window.removeEventListener(COMMENTED, listener);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the prompt was already shown in this browser (it is asked once, whatever the answer). */
export function promptAnswered(): boolean {
  const store = storage();
  return store !== null && store.getItem(PROMPT_KEY) !== null;
}

export function rememberPrompt(answer: 'shown' | 'on' | 'later'): void {
  try {
    storage()?.setItem(PROMPT_KEY, answer);
  } catch {
    // Storage full or refused: the prompt may come once more; nothing else depends on it.
  }
}
