/* What other areas use of the scanner: this device's pairing with an event (its token per API key). */
export {
  deviceTokenFor,
  devicePairingFor,
  forgetDevice,
  saveDevicePairing,
  type StoredPairing,
} from './device/device-pairing-store';
