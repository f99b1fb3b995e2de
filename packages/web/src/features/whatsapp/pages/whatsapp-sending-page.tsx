import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { LoadError } from '@/components/load-error';
import { LocalLinksWarning } from '@/components/local-links-warning';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useEvent } from '@/hooks/use-event';
import { useLinkBase } from '@/lib/link-base';
import { useWhatsappList } from '../api/get-whatsapp-list';
import { useMarkWhatsappSent } from '../api/mark-whatsapp-sent';
import { WhatsappSendRow } from '../components/whatsapp-send-row';
import { sentCountText } from '../utils/sent-count-text';

/**
 * /organizer/evento/{id}/whatsapp: every guest of the event with a one-tap 'Enviar' that opens
 * WhatsApp with their ticket links and marks the order as sent (docs/rules/guests.md).
 */
export function WhatsappSendingPage() {
  const eventoId = Number(useParams().id);
  const event = useEvent(eventoId);
  const list = useWhatsappList(eventoId);
  const mark = useMarkWhatsappSent(eventoId);
  const linkBase = useLinkBase();
  const [onlyPending, setOnlyPending] = useState(false);
  // Marked during this visit: they stay in the 'Solo pendientes' view, so the undo stays at hand.
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const filterId = useId();

  const items = list.data ?? [];
  const sent = items.filter((item) => item.whatsappEnviadoEn !== null).length;
  const shown = onlyPending
    ? items.filter((item) => item.whatsappEnviadoEn === null || touched.has(item.pedidoId))
    : items;
  const evento = event.data?.nombre ?? '';

  const onSent = (pedidoId: number, isSent: boolean) => {
    setTouched((before) => new Set(before).add(pedidoId));
    mark.mutate({ pedidoId, sent: isSent });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to={paths.organizer.event(eventoId)}
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Volver al evento
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Enviar tickets por WhatsApp</h1>
        {evento && <p className="text-slate-600 [overflow-wrap:anywhere]">{evento}</p>}
      </div>
      {list.isError ? (
        <LoadError message="No se pudo cargar la lista de envíos." onRetry={() => void list.refetch()} />
      ) : !list.data || !event.data || !linkBase ? (
        <div role="status" aria-label="Cargando envíos" className="space-y-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <Card>
          <CardContent className="space-y-4 p-4 sm:p-6">
            {linkBase.local && <LocalLinksWarning />}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-lg font-semibold text-slate-900" aria-live="polite">
                {sentCountText(sent, items.length)}
              </p>
              <label htmlFor={filterId} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  id={filterId}
                  type="checkbox"
                  checked={onlyPending}
                  onChange={(event) => {
                    setOnlyPending(event.target.checked);
                    setTouched(new Set());
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                Solo pendientes
              </label>
            </div>
            <progress
              max={Math.max(items.length, 1)}
              value={sent}
              aria-label="Tickets enviados"
              className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-green-600"
            />
            {shown.length === 0 ? (
              <p className="py-6 text-center text-slate-600">
                {items.length === 0
                  ? 'Este evento aún no tiene pedidos.'
                  : 'Todos los tickets están enviados.'}
              </p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Invitados">
                {shown.map((item) => (
                  <WhatsappSendRow
                    key={item.pedidoId}
                    item={item}
                    evento={evento}
                    linkBase={linkBase.base}
                    onSent={(isSent) => onSent(item.pedidoId, isSent)}
                  />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
