import { guestListColumns } from '@drinkflow/domain/guest-import';
import { ORDER_QUANTITY } from '@drinkflow/domain/orders';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useEventTicketTypes } from '@/hooks/use-ticket-types';
import { saveFile } from '@/lib/save-file';
import { guestTemplateCsv, guestTemplateName } from '../utils/guest-template';

const columnHelp: Record<(typeof guestListColumns)[number], string> = {
  'nombre completo': 'obligatorio',
  email: 'obligatorio',
  teléfono: 'opcional',
  'tipo de ticket': 'el nombre de un tipo de ticket del evento; si es otro, eliges cuál al revisar',
  cantidad: `opcional, de ${ORDER_QUANTITY.min} a ${ORDER_QUANTITY.max} tickets (1 si se deja vacía)`,
};

/**
 * Which files the import reads (shop exports as they are), and the template's columns, with the
 * event's own ticket types, for a list of one's own.
 */
export function ImportInstructions({ eventoId }: { eventoId: number }) {
  const ticketTypes = useEventTicketTypes(eventoId);
  const names = ticketTypes.data?.map((tipo) => tipo.nombre) ?? [];
  const downloadTemplate = () =>
    saveFile(
      new Blob([guestTemplateCsv(names)], { type: 'text/csv;charset=utf-8' }),
      guestTemplateName(eventoId),
    );
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Sube un archivo CSV (separado por comas, punto y coma o tabuladores) o Excel (.xlsx) con una fila por
        invitado. Las exportaciones de asistentes de <strong className="text-slate-900">Eventbrite</strong> y
        de <strong className="text-slate-900">pretix</strong> se importan tal cual; con otro archivo, indicas
        qué contiene cada columna.
      </p>
      <p>
        Cada invitado nuevo crea un pedido con sus tickets. Al volver a importar una exportación más reciente,
        solo se añaden los nuevos y se anulan los tickets de los reembolsados o cancelados.
      </p>
      <p>Con la plantilla de DrinkFlow, las columnas son:</p>
      <ul className="list-disc space-y-1 pl-5">
        {guestListColumns.map((column) => (
          <li key={column}>
            <strong className="text-slate-900">{column}</strong>: {columnHelp[column]}
          </li>
        ))}
      </ul>
      {ticketTypes.data && names.length === 0 ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          Este evento aún no tiene tipos de ticket: crea al menos uno antes de importar.
        </p>
      ) : (
        names.length > 0 && <p>Tipos de ticket de este evento: {names.join(', ')}.</p>
      )}
      <Button variant="outline" size="sm" disabled={!ticketTypes.data} onClick={downloadTemplate}>
        <FileDown className="h-4 w-4" aria-hidden />
        Descargar plantilla
      </Button>
    </div>
  );
}
