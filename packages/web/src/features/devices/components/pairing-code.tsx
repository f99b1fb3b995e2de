import type { Pairing } from '@drinkflow/domain/devices';
import { RefreshCw, TimerOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNow } from '../hooks/use-now';
import { formatCountdown, pairingDeadline } from '../utils/device-status';
import { PairingQr } from './pairing-qr';

interface PairingCodeProps {
  pairing: Pairing;
  /** When the code arrived, by this computer's clock. */
  receivedAt: number;
  creating: boolean;
  onNewCode(): void;
}

/** One pairing code: its QR, its eight characters to type, and the time it has left. */
export function PairingCode({ pairing, receivedAt, creating, onNewCode }: PairingCodeProps) {
  const now = useNow();
  const left = pairingDeadline(pairing.caducaEn, receivedAt) - now;
  if (left <= 0)
    return (
      <div className="grid justify-items-start gap-3">
        <p role="status" className="flex items-center gap-2 font-medium text-slate-800">
          <TimerOff className="h-5 w-5 text-slate-500" aria-hidden />
          Código caducado
        </p>
        <Button onClick={onNewCode} disabled={creating}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {creating ? 'Creando...' : 'Crear un código nuevo'}
        </Button>
      </div>
    );
  const fullUrl = `${window.location.origin}${pairing.url}`;
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <PairingQr url={fullUrl} />
      <p className="text-sm text-slate-600">Escanea el QR con la cámara del móvil o escribe este código:</p>
      <p
        data-testid="pairing-code"
        className="font-mono text-3xl font-bold tracking-[0.3em] text-slate-900 sm:text-4xl"
      >
        {pairing.codigo.slice(0, 4)}
        <span className="inline-block w-3" aria-hidden />
        {pairing.codigo.slice(4)}
      </p>
      <p className="text-sm text-slate-700 tabular-nums" data-testid="pairing-countdown">
        Caduca en {formatCountdown(left)}
      </p>
    </div>
  );
}
