/**
 * The one character rule of every address a person types into Sabai (a header nav link, a friend
 * link, a profile's home page, a logo, an avatar, a cover or a topic image, a push endpoint, the
 * VIP explorer link, the SMTP server, a sign-in redirect): no control character, no whitespace of
 * any kind, no invisible format character (bidi marks, zero-width spaces).
 *
 * Why: a browser drops tabs and line breaks anywhere in an address and trims controls and spaces
 * at its ends before reading it, so `/\t/evil.example/x`, which a prefix check reads as a path of
 * this site, reaches the browser as `//evil.example/x`: another host. A check can only agree with
 * the browser about an address that has none of these, so they are refused rather than stripped
 * (what the admin sees stored is then what the browser follows). A real address never needs one:
 * spaces and the rest are percent-encoded (`%20`).
 *
 * Each schema keeps its own rule of what an address may be (a path, http(s), an upload…) and
 * refines with `isCleanAddress` first, with `ADDRESS_CHARACTERS_MESSAGE`, so the answer says why.
 */

/** C0 and C1 controls and DEL (Cc), format characters (Cf), separators (Z) and the rest of `\s` (BOM). */
const NOT_IN_AN_ADDRESS = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/** The i18n key of the message an address with one of those characters gets. */
export const ADDRESS_CHARACTERS_MESSAGE = 'validation.addressCharacters';

/** Whether `address` holds no control, whitespace or invisible format character (an empty one does not). */
export function isCleanAddress(address: string): boolean {
  return !NOT_IN_AN_ADDRESS.test(address);
}
