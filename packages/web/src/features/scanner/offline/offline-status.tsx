import { formatMadridTime as formatTime } from '@/lib/madrid-time';
import { AlertTriangle, CloudUpload, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { drinkLabel } from '../utils/ticket-display';
import type { OfflineStatusSnapshot } from './offline-runner';

const MINUTE = 60_000;

/** 'Datos de hace 2 min': how old the stored offline data is. */
export function dataAgeText(dataAt: number | null, now: number): string {
  if (dataAt === null) return 'Sin datos offline';
  const minutes = Math.floor(Math.max(0, now - dataAt) / MINUTE);
  if (minutes < 1) return 'Datos de hace un momento';
  if (minutes < 60) return `Datos de hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Datos de hace ${hours} h`;
  return `Datos de hace ${Math.floor(hours / 24)} días`;
}

/** '3 pendientes de enviar', '1 pendiente de enviar' (docs/rules/offline-and-field.md). */
export const pendingText = (count: number) =>
  count === 1 ? '1 pendiente de enviar' : `${count} pendientes de enviar`;

const failedText = (count: number) =>
  count === 1 ? '1 consumo no se pudo enviar' : `${count} consumos no se pudieron enviar`;

interface OfflineStatusProps {
  status: OfflineStatusSnapshot;
  /** 'Entendido' under the refused drinks: the bartender has seen them. */
  onClearFailed?(): void;
}

/**
 * The scanner's connection in one line, 360 px wide included: online or 'Sin conexión — modo
 * offline', the offline data's age and the drinks that wait to be sent. Drinks the server refused
 * for good (it will never store them) show below, folded, until the bartender dismisses them.
 */
export function OfflineStatus({ status, onClearFailed }: OfflineStatusProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // The age counts from a clock at least as late as the data (a fresh copy never reads "in the future").
  const clock = Math.max(now, status.dataAt ?? 0);
  const { online, pending, failed } = status;

  return (
    <div className="space-y-2">
      <div
        role="status"
        aria-label="Conexión"
        className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-sm ${
          online ? 'bg-slate-800 text-slate-100' : 'bg-amber-300 font-semibold text-slate-950'
        }`}
      >
        <span className="flex items-center gap-1.5">
          {online ? (
            <Wifi className="h-4 w-4 text-green-400" aria-hidden />
          ) : (
            <WifiOff className="h-4 w-4" aria-hidden />
          )}
          {online ? 'En línea' : 'Sin conexión — modo offline'}
        </span>
        <span>{dataAgeText(status.dataAt, clock)}</span>
        {pending > 0 && (
          <span className="flex items-center gap-1.5">
            <CloudUpload className="h-4 w-4" aria-hidden />
            {pendingText(pending)}
          </span>
        )}
      </div>
      {failed.length > 0 && (
        <details className="rounded-lg bg-red-100 px-3 py-2 text-sm text-red-950">
          <summary className="flex cursor-pointer items-center gap-1.5 font-semibold">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
            {failedText(failed.length)}
          </summary>
          <p className="mt-1">Se sirvieron sin conexión, pero el servidor no los registrará:</p>
          <ul className="mt-1 space-y-1">
            {failed.map((scan) => (
              <li key={scan.scanId} className="break-words">
                <span className="tabular-nums">{formatTime(new Date(scan.escaneadoEn))}</span>
                {scan.titular ? ` · ${scan.titular}` : ''} · {drinkLabel(scan.tipoBebida)}
                {scan.barra ? ` · ${scan.barra}` : ''} — {scan.message}
              </li>
            ))}
          </ul>
          {onClearFailed && (
            <button
              type="button"
              onClick={onClearFailed}
              className="mt-2 rounded-md bg-red-900 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
            >
              Entendido
            </button>
          )}
        </details>
      )}
    </div>
  );
}
