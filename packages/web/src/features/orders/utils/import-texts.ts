import type { ImportAction, ImportPreview, ImportResult } from '@drinkflow/domain/guest-import';
import type { ApiError as ApiErrorBody } from '@drinkflow/domain/errors';
import { importFieldLabels, type ImportField } from '@drinkflow/domain/shop-exports';
import { ApiError, errorMessage } from '@/lib/api';

const plural = (count: number, one: string, other: string) =>
  `${count.toLocaleString('es-ES')} ${count === 1 ? one : other}`;

/** 'Importar 48 pedidos', 'Importar 3 pedidos y anular 2', 'Anular 2 pedidos'. */
export function importButtonText(toCreate: number, toInvalidate = 0) {
  if (toInvalidate === 0) return `Importar ${plural(toCreate, 'pedido', 'pedidos')}`;
  if (toCreate === 0) return `Anular ${plural(toInvalidate, 'pedido', 'pedidos')}`;
  return `Importar ${plural(toCreate, 'pedido', 'pedidos')} y anular ${toInvalidate.toLocaleString('es-ES')}`;
}

const leftOut = (count: number, one: string, other: string) =>
  `${count === 1 ? 'Se omitió' : 'Se omitieron'} ${plural(count, one, other)}.`;

/**
 * The result toast: what was created, what was already there, what was invalidated and what was
 * left out. Each part after the first only when it happened.
 */
export function importedText(result: ImportResult) {
  const { pedidosCreados, ticketsCreados, yaImportados, ticketsAnulados, anulados } = result;
  return [
    `Se ${pedidosCreados === 1 ? 'ha' : 'han'} creado ${plural(pedidosCreados, 'pedido', 'pedidos')} con ${plural(ticketsCreados, 'ticket', 'tickets')}.`,
    yaImportados > 0 &&
      `${plural(yaImportados, 'invitado ya estaba importado', 'invitados ya estaban importados')}.`,
    ticketsAnulados > 0 &&
      `Se ${ticketsAnulados === 1 ? 'anuló' : 'anularon'} ${plural(ticketsAnulados, 'ticket', 'tickets')} de ${plural(anulados.length, 'pedido', 'pedidos')}.`,
    result.filasOmitidas > 0 && leftOut(result.filasOmitidas, 'fila con errores', 'filas con errores'),
    result.duplicadosOmitidos > 0 && leftOut(result.duplicadosOmitidos, 'duplicado', 'duplicados'),
    result.omitidosPorTipo > 0 &&
      leftOut(result.omitidosPorTipo, 'fila de un tipo no importado', 'filas de tipos no importados'),
    result.codigosCortos > 0 &&
      plural(
        result.codigosCortos,
        'código corto: fácil de adivinar.',
        'códigos cortos: fáciles de adivinar.',
      ),
  ]
    .filter(Boolean)
    .join(' ');
}

/** 'Al importar: 1 nuevo · 3 ya importados · 1 se anulará.', the parts that are not 0. */
export function importPlanText({ nuevos, yaImportados, anulados, cancelados }: ImportPreview) {
  const parts = [
    nuevos > 0 && plural(nuevos, 'nuevo', 'nuevos'),
    yaImportados > 0 && plural(yaImportados, 'ya importado', 'ya importados'),
    anulados > 0 && plural(anulados, 'se anulará', 'se anularán'),
    cancelados > 0 && plural(cancelados, 'cancelado, no se importa', 'cancelados, no se importan'),
  ].filter(Boolean);
  return parts.length ? `Al importar: ${parts.join(' · ')}.` : 'Al importar: nada nuevo.';
}

/** The rows an import would create: the new ones, and the duplicates when they are not left out. */
export const rowsToImport = (preview: ImportPreview, omitirDuplicados: boolean) =>
  preview.filas.filter(
    (fila) => fila.accion === 'nuevo' || (fila.accion === 'duplicado' && !omitirDuplicados),
  );

/** The rows whose matched order the import would invalidate (a refund or cancellation in the shop). */
export const rowsToInvalidate = (preview: ImportPreview) =>
  preview.filas.filter((fila) => fila.accion === 'anular');

/** What the import does with a row, as the organizer reads it. */
export const rowActionLabels: Record<ImportAction, string> = {
  nuevo: 'Nuevo',
  ya_importado: 'Ya importado',
  anular: 'Se anulará',
  ya_anulado: 'Ya anulado',
  cancelado: 'Cancelado, no se importa',
  duplicado: 'Duplicado',
  omitido_tipo: 'Tipo no importado',
  sin_tipo: 'Sin tipo',
  error: 'Error',
};

/** 'Falta asignar: nombre, email'. */
export const missingFieldsText = (faltan: readonly ImportField[]) =>
  `Falta asignar: ${faltan.map((field) => importFieldLabels[field]).join(', ')}`;

/** A long code as a phone shows it: its start and end, enough to compare with the shop's ticket. */
export const shortenedCode = (codigo: string) =>
  codigo.length <= 12 ? codigo : `${codigo.slice(0, 4)}…${codigo.slice(-4)}`;

/**
 * A refused file, mapping or import, in Spanish: the server's message and, for a refused mapping,
 * what was wrong with each entry ('El tipo de ticket no es de este evento').
 */
export function importFailureText(error: unknown) {
  const message = errorMessage(error, 'No se pudo leer el archivo. Inténtalo de nuevo.');
  const details =
    error instanceof ApiError ? (error.body as Partial<ApiErrorBody> | null)?.details : undefined;
  const extra = [...new Set(details?.map((detail) => detail.message))].filter(
    (text) => !message.includes(text),
  );
  return extra.length ? `${message}: ${extra.join('; ')}` : message;
}
