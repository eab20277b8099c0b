/**
 * The phone feature's public surface: the account deletion forgets a member's phone and codes
 * (`forgetPhoneOf`); the "never unlink the last way in" rule asks whether the phone is one
 * (`hasPhone`).
 */
export { forgetPhoneOf, hasPhone } from './phone.service';
