import { CircleCheck, QrCode } from 'lucide-react';

/** An illustration of the bar scanner answering a valid ticket; announced as one image. */
export function HeroScanPreview() {
  return (
    <div
      role="img"
      aria-label="Ejemplo del escáner de DrinkFlow: ticket válido, consumo registrado y 3 bebidas restantes"
      className="relative mx-auto w-full max-w-sm lg:max-w-md"
    >
      <div className="rounded-[2rem] bg-slate-950/40 p-3 shadow-2xl ring-1 ring-white/15">
        <div className="overflow-hidden rounded-3xl bg-white text-slate-900">
          <div className="flex items-center justify-between bg-slate-900 px-5 py-3 text-white">
            <span className="text-sm font-semibold">Escáner de barra</span>
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-medium text-white">
              En línea
            </span>
          </div>
          <div className="space-y-4 p-5">
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Evento</p>
              <p className="font-semibold">Boda de Laura y Marcos</p>
              <p className="text-sm text-slate-600">Finca El Olivar · 21:00 – 03:00</p>
            </div>
            <div className="flex items-center gap-4 rounded-2xl border border-dashed border-slate-300 p-4">
              <QrCode className="h-14 w-14 shrink-0 text-slate-800" aria-hidden />
              <div className="min-w-0">
                <p className="text-sm font-medium">Ticket #A7F3-2291</p>
                <p className="text-sm text-slate-600">Barra libre · 1 bebida cada 30 min</p>
              </div>
            </div>
            <div className="rounded-2xl bg-emerald-700 p-5 text-white">
              <div className="flex items-center gap-3">
                <CircleCheck className="h-8 w-8 shrink-0" aria-hidden />
                <p className="text-xl font-bold">Consumo Registrado</p>
              </div>
              <p className="mt-2 text-sm">Quedan 3 bebidas · Siguiente a partir de las 23:45</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
