import type { WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { WhatsappLink } from '@/components/whatsapp/whatsapp-link';
import { formatTime } from '@/lib/format';

interface WhatsappSendRowProps {
  item: WhatsappSendItem;
  evento: string;
  /** The base of the guest links (`useLinkBase`). */
  linkBase: string;
  onSent(sent: boolean): void;
}

const ticketsText = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);

/** One guest of the sending list: 'Enviar' (opens WhatsApp and marks it sent), or 'Enviado' and undo. */
export function WhatsappSendRow({ item, evento, linkBase, onSent }: WhatsappSendRowProps) {
  const nameId = useId();
  const href = whatsappHref({
    telefono: item.telefonoWhatsapp,
    nombre: item.nombreCompleto,
    evento,
    enlaces: item.tickets.map((ticket) => ticket.enlaceInvitado),
    base: linkBase,
  });
  const sent = item.whatsappEnviadoEn !== null;
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 [overflow-wrap:anywhere]"
    >
      <div className="min-w-0">
        <p id={nameId} className="font-medium text-slate-900">
          {item.nombreCompleto}
        </p>
        <p className="text-sm text-slate-600">
          {item.telefonoWhatsapp ? `+${item.telefonoWhatsapp}` : 'Sin teléfono'} ·{' '}
          {ticketsText(item.tickets.length)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {sent ? (
          <>
            <Badge tone="green">Enviado {formatTime(item.whatsappEnviadoEn!)}</Badge>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onSent(false)}
              aria-label={`Deshacer el envío a ${item.nombreCompleto}`}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
              Deshacer
            </Button>
          </>
        ) : (
          <WhatsappLink
            href={href}
            variant="default"
            onOpen={() => onSent(true)}
            aria-label={`Enviar por WhatsApp a ${item.nombreCompleto}`}
          >
            Enviar
          </WhatsappLink>
        )}
      </div>
    </li>
  );
}
