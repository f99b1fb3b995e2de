import { typeTextLabel, type ImportPreview } from '@drinkflow/domain/guest-import';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

type FileType = ImportPreview['tiposArchivo'][number];

interface ImportTypeMappingProps {
  tiposArchivo: FileType[];
  /** The event's ticket types. */
  tipos: Pick<TipoTicket, 'id' | 'nombre'>[];
  /** Decisions sent and not yet previewed again: shown at once, so the select does not jump back. */
  pending: Readonly<Record<string, number | null>>;
  disabled: boolean;
  /** A decision for one text of the file: a ticket type of the event, or null for 'No importar'. */
  onDecide(texto: string, ticketTypeId: number | null): void;
}

const UNDECIDED = '';
const SKIP = 'no-importar';

/** Each ticket-type text of the file, and the event's ticket type its rows become. */
export function ImportTypeMapping({ tiposArchivo, ...rowProps }: ImportTypeMappingProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        Tipos de ticket del archivo
      </h3>
      <ul className="space-y-2">
        {tiposArchivo.map((tipo) => (
          <TypeRow key={tipo.texto} tipo={tipo} {...rowProps} />
        ))}
      </ul>
    </section>
  );
}

interface TypeRowProps extends Omit<ImportTypeMappingProps, 'tiposArchivo'> {
  tipo: FileType;
}

const optionOf = (ticketTypeId: number | null) => (ticketTypeId === null ? SKIP : String(ticketTypeId));

function TypeRow({ tipo, tipos, pending, disabled, onDecide }: TypeRowProps) {
  const id = useId();
  const filas = `${tipo.filas.toLocaleString('es-ES')} ${tipo.filas === 1 ? 'fila' : 'filas'}`;
  // undefined: not decided yet.
  const choice = Object.hasOwn(pending, tipo.texto)
    ? pending[tipo.texto]
    : tipo.decidido
      ? tipo.ticketTypeId
      : undefined;
  const decided = choice !== undefined;
  const value = decided ? optionOf(choice) : UNDECIDED;
  return (
    <li
      className={cn(
        'grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center',
        decided ? 'border-slate-200' : 'border-amber-300 bg-amber-50',
      )}
    >
      <label htmlFor={id} className="min-w-0 text-sm [overflow-wrap:anywhere]">
        <span className="font-medium text-slate-900">{typeTextLabel(tipo.texto)}</span>
        <span className="text-slate-600"> · {filas}</span>
      </label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        className={cn(!decided && 'border-amber-500 font-medium text-amber-900')}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen !== UNDECIDED) onDecide(tipo.texto, chosen === SKIP ? null : Number(chosen));
        }}
      >
        {!decided && <option value={UNDECIDED}>Elige un tipo</option>}
        {tipos.map((tipoEvento) => (
          <option key={tipoEvento.id} value={String(tipoEvento.id)}>
            {tipoEvento.nombre}
          </option>
        ))}
        <option value={SKIP}>No importar</option>
      </NativeSelect>
    </li>
  );
}
