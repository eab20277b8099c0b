/** The device name moved to infra (the sessions list reads it too). */
export { deviceName } from '../../infra/device-name';
