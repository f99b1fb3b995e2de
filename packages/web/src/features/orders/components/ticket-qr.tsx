import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** The QR as an SVG, drawn in the browser; the library loads with the first QR shown, not before. */
async function qrSvg(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The ticket's QR code, as the scanner reads it, and its text for typing it by hand. */
export function TicketQr({
  ticketId,
  qrCode,
  invalidated = false,
}: {
  ticketId: number;
  qrCode: string;
  /** An invalidated ticket's QR is blurred and greyed under 'Invalidado': it must not be scanned or printed. */
  invalidated?: boolean;
}) {
  const svg = useQuery({ queryKey: ['qr-svg', qrCode], queryFn: () => qrSvg(qrCode) });
  return (
    <figure className="flex flex-col items-center gap-2">
      {svg.data ? (
        <div className="relative">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
            alt={`Código QR del ticket #${ticketId}${invalidated ? ' (invalidado)' : ''}`}
            width={160}
            height={160}
            data-invalidated={invalidated || undefined}
            className={cn(
              'h-40 w-40 rounded-md border border-slate-200 bg-white',
              invalidated && 'opacity-40 blur-[3px] grayscale',
            )}
          />
          {invalidated && (
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="rounded bg-red-700 px-2 py-1 text-sm font-semibold text-white">
                Invalidado
              </span>
            </span>
          )}
        </div>
      ) : svg.isError ? (
        <p className="flex h-40 w-40 items-center rounded-md border border-dashed border-slate-300 p-3 text-center text-sm text-slate-600">
          No se pudo dibujar el código QR.
        </p>
      ) : (
        <Skeleton className="h-40 w-40" />
      )}
      <figcaption className="w-full max-w-xs text-center text-xs text-slate-600">
        <span className="sr-only">Texto del código QR: </span>
        <code className="font-mono break-all text-slate-800">{qrCode}</code>
      </figcaption>
    </figure>
  );
}
