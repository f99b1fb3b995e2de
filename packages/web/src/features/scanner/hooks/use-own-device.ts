import { useEffect, useState } from 'react';
import { ownDeviceNeedsPairing, pairOwnDevice } from '../device/own-device';

/**
 * The organizer's scanner of an event paired as the signed-in person's device before it scans:
 * 'pairing' while the request runs (once per event), then 'ready' whatever came of it.
 * `pairAgain` is the person's own choice after a revocation or a refusal; `failed` says it did
 * not work.
 */
export function useOwnDevice(eventoId: number, apiKey: string, nombre: string) {
  const [pairing, setPairing] = useState(() => ownDeviceNeedsPairing(apiKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!ownDeviceNeedsPairing(apiKey)) return;
    let current = true;
    void pairOwnDevice(eventoId, apiKey, nombre).then(() => current && setPairing(false));
    return () => {
      current = false;
    };
  }, [eventoId, apiKey, nombre]);

  const pairAgain = async () => {
    setFailed(false);
    setPairing(true);
    const paired = await pairOwnDevice(eventoId, apiKey, nombre);
    setPairing(false);
    setFailed(!paired);
  };
  return { status: pairing ? ('pairing' as const) : ('ready' as const), failed, pairAgain };
}
