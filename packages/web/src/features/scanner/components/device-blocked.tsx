import { deviceMessages } from '@drinkflow/domain/device-wire';
import { Ban, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { keepPairing, openScanner } from '../device/complete-pairing';
import { useRetireRevokedDevice } from '../device/use-retire-revoked-device';
import { pairingPath } from '../utils/pairing-path';
import { PairingForm } from './pairing-form';

interface DeviceBlockedProps {
  apiKey: string;
  access: 'required' | 'revoked';
  /**
   * What this page offers instead of a pairing code: the organizer's own scanner authorizes
   * itself with the signed-in account. Absent: the code form (required) or a link to /emparejar.
   */
  action?: ReactNode;
}

/**
 * The scanner stopped by the server (docs/rules/devices.md): the event takes only paired devices
 * ('Este escáner necesita autorización del organizador.', and how to pair), or the organizer
 * revoked this one ('Este dispositivo ha sido revocado.': its offline data is deleted and the
 * drinks it served offline are still sent).
 */
export function DeviceBlocked({ apiKey, access, action }: DeviceBlockedProps) {
  const revoked = access === 'revoked';
  const retiring = useRetireRevokedDevice(apiKey, revoked);
  return (
    <section
      aria-labelledby="device-blocked-title"
      className="rounded-xl bg-white p-5 text-slate-900 shadow-lg"
    >
      <div className="flex items-start gap-3">
        {revoked ? (
          <Ban className="mt-1 h-8 w-8 shrink-0 text-red-700" aria-hidden />
        ) : (
          <KeyRound className="mt-1 h-8 w-8 shrink-0 text-brand-700" aria-hidden />
        )}
        <div className="space-y-2">
          <h2 id="device-blocked-title" className="text-xl font-bold">
            {revoked ? deviceMessages.revoked : deviceMessages.required}
          </h2>
          {revoked ? (
            <>
              <p className="text-sm text-slate-700">
                El organizador ha retirado la autorización de este dispositivo: ya no puede escanear tickets
                de este evento y sus datos sin conexión se han borrado.
              </p>
              <p role="status" className="text-sm text-slate-700">
                {retiring === 'done'
                  ? 'No queda ningún consumo sin conexión por enviar.'
                  : 'Enviando los consumos servidos sin conexión…'}
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-700">
              Pide al organizador un código de emparejamiento: lo crea en la página del evento, en «Emparejar
              un dispositivo». Escríbelo aquí o escanea su código QR con la cámara del móvil.
            </p>
          )}
        </div>
      </div>
      <div className="mt-4">
        {action ??
          (revoked ? (
            <a className="text-sm font-medium text-brand-700 underline" href={pairingPath()}>
              ¿Tienes un código nuevo del organizador? Emparejar de nuevo
            </a>
          ) : (
            <PairingForm
              onPaired={(paired) => {
                keepPairing(paired);
                openScanner(paired.apiKey);
              }}
            />
          ))}
      </div>
    </section>
  );
}
