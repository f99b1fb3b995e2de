import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';

/** The pairing link as an SVG QR, drawn in the browser; the library loads with the first code shown. */
async function qrSvg(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** The QR a phone's camera opens to pair: the full link, with this site's origin. */
export function PairingQr({ url }: { url: string }) {
  const svg = useQuery({ queryKey: ['qr-svg', url], queryFn: () => qrSvg(url), staleTime: Infinity });
  if (svg.data)
    return (
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
        alt="Código QR para emparejar un móvil"
        width={192}
        height={192}
        className="h-48 w-48 rounded-md border border-slate-200 bg-white"
      />
    );
  if (svg.isError)
    return (
      <p className="flex h-48 w-48 items-center rounded-md border border-dashed border-slate-300 p-3 text-center text-sm text-slate-600">
        No se pudo dibujar el código QR. Escribe el código en el móvil.
      </p>
    );
  return <Skeleton className="h-48 w-48" />;
}
