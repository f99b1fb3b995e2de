import { beforeEach, describe, expect, it } from 'vitest';
import { deviceAccessOf, reportDeviceRefusal } from '@/features/scanner/device/device-access';
import { tokenToSend } from '@/features/scanner/device/device-pairing-store';
import { devicePairingFor, deviceTokenFor, forgetDevice, saveDevicePairing } from '@/features/scanner';
import { aPairedDevice, KEY } from './device-fixtures';

beforeEach(() => localStorage.clear());

describe('the device’s pairings', () => {
  it('keeps a token per event API key, without the pairing code, and forgets it', () => {
    saveDevicePairing(KEY, aPairedDevice());
    saveDevicePairing('otra-clave', aPairedDevice({ token: 'otro-token', apiKey: 'otra-clave' }));

    expect(deviceTokenFor(KEY)).toBe('token-del-movil');
    expect(deviceTokenFor('otra-clave')).toBe('otro-token');
    expect(deviceTokenFor('sin-emparejar')).toBeNull();
    expect(devicePairingFor(KEY)).toEqual({
      token: 'token-del-movil',
      dispositivo: { id: 7, nombre: 'Barra 1 · móvil', barra: null },
      evento: { id: 3, nombre: 'Boda Ana y Luis' },
      emparejadoEn: expect.any(String),
    });

    forgetDevice(KEY);
    expect(deviceTokenFor(KEY)).toBeNull();
    expect(deviceTokenFor('otra-clave')).toBe('otro-token');
  });

  it('replaces an event’s pairing with a newer one', () => {
    saveDevicePairing(KEY, aPairedDevice());
    saveDevicePairing(KEY, aPairedDevice({ token: 'token-nuevo' }));
    expect(deviceTokenFor(KEY)).toBe('token-nuevo');
  });

  it('survives what another page left in storage that is not a pairing', () => {
    localStorage.setItem('drinkflow-scanner-emparejamientos', 'no es json');
    expect(deviceTokenFor(KEY)).toBeNull();
    saveDevicePairing(KEY, aPairedDevice());
    expect(deviceTokenFor(KEY)).toBe('token-del-movil');
  });

  it('a revoked device keeps sending its token for its queue, but holds no pairing and stays stopped until it pairs again', () => {
    saveDevicePairing(KEY, aPairedDevice());
    reportDeviceRefusal(KEY, 'device_revoked');

    expect(deviceAccessOf(KEY)).toBe('revoked');
    expect(deviceTokenFor(KEY)).toBeNull();
    expect(devicePairingFor(KEY)).toBeNull();
    expect(tokenToSend(KEY)).toBe('token-del-movil');

    // Its queue sent, the token goes; the revocation is still remembered.
    forgetDevice(KEY);
    expect(tokenToSend(KEY)).toBeNull();
    expect(deviceAccessOf(KEY)).toBe('revoked');

    saveDevicePairing(KEY, aPairedDevice({ token: 'token-nuevo' }));
    expect(deviceAccessOf(KEY)).toBe('allowed');
    expect(deviceTokenFor(KEY)).toBe('token-nuevo');
  });

  it('other 401s do not stop the scanner', () => {
    reportDeviceRefusal(KEY, 'unauthorized');
    reportDeviceRefusal(KEY, undefined);
    expect(deviceAccessOf(KEY)).toBe('allowed');
  });
});
