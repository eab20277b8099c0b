/**
 * User avatar (spec §4, §9): the picture at one of the spec's sizes; when there is none, or it
 * fails to load, the first letter of the name on a colour derived from the user (stable: the
 * same user always gets the same colour).
 */
import { useCallback, useState } from 'react';
import type { AVATAR_SIZES } from '../../../common/constants';

export type AvatarSize = (typeof AVATAR_SIZES)[number];

export interface AvatarUser {
  id: number;
  nickname: string;
  avatar?: string | null;
  smallAvatar?: string | null;
}

/** White text stays above 4.5:1 contrast on every one of these (Tailwind 700 shades). */
export const AVATAR_COLORS = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#be123c',
] as const;

let segmenter: Intl.Segmenter | undefined;

/** First visible character (a whole grapheme: emoji, Thai clusters), upper-cased. */
export function avatarInitial(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  // Two ASCII characters are always two graphemes (CR LF aside, and trim removed that): no segmenter.
  if (trimmed.charCodeAt(0) < 0x80 && !(trimmed.charCodeAt(1) >= 0x80)) return trimmed[0]!.toLocaleUpperCase();
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? trimmed[0] ?? '?';
  return first.toLocaleUpperCase();
}

/** A stable colour for a user: by id when known, else by a hash of the name. */
export function avatarColor(id: number, name: string): string {
  let seed = id > 0 ? id : 0;
  if (seed === 0) for (const ch of name) seed = (seed * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[seed % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}

/** Which picture to load for a size: the small one for small avatars when there is one. */
export function avatarSource(user: AvatarUser, size: AvatarSize): string | null {
  const small = user.smallAvatar?.trim();
  const large = user.avatar?.trim();
  if (size <= 50 && small) return small;
  return large || small || null;
}

export function Avatar({ user, size = 40, className = '' }: { user: AvatarUser; size?: AvatarSize; className?: string }) {
  const src = avatarSource(user, size);
  // Remember which picture failed, so a new picture gets a new chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  // An image that failed before hydration fired its error event before React listened.
  const checkLoaded = useCallback(
    (element: HTMLImageElement | null) => {
      if (element && element.complete && element.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );

  const box = { width: size, height: size };
  const shape = `inline-block shrink-0 rounded-full ${className}`;
  if (!src || failed) {
    return (
      <span
        role="img"
        aria-label={user.nickname}
        data-testid="avatar-fallback"
        className={`${shape} inline-flex items-center justify-center font-semibold text-white select-none`}
        style={{ ...box, backgroundColor: avatarColor(user.id, user.nickname), fontSize: Math.max(10, Math.round(size * 0.45)) }}
      >
        <span aria-hidden="true">{avatarInitial(user.nickname)}</span>
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={user.nickname}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`${shape} bg-zinc-200 object-cover dark:bg-zinc-800`}
      style={box}
    />
  );
}
