/**
 * The sign-in providers' public surface: how many ways into an account there are (a password,
 * linked providers; the phone and passkeys add theirs in `waysIn`), for any "last way in" rule.
 */
export { waysIn } from './identities.service';
