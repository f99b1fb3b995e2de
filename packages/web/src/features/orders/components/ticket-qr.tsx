import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';

/** The QR as an SVG, drawn in the browser; the library loads with the first QR shown, not before. */
async function qrSvg(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The ticket's QR code, as the scanner reads it, and its text for typing it by hand. */
export function TicketQr({ ticketId, qrCode }: { ticketId: number; qrCode: string }) {
  const svg = useQuery({ queryKey: ['qr-svg', qrCode], queryFn: () => qrSvg(qrCode) });
  return (
    <figure className="flex flex-col items-center gap-2">
      {svg.data ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
          alt={`Código QR del ticket #${ticketId}`}
          width={160}
          height={160}
          className="h-40 w-40 rounded-md border border-slate-200 bg-white"
        />
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
