import type { ImportPreview, ImportResult } from '@drinkflow/domain/guest-import';

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

/** 'Importar 48 pedidos' (one per valid row). */
export const importButtonText = (valid: number) => `Importar ${plural(valid, 'pedido', 'pedidos')}`;

const leftOut = (count: number, one: string, other: string) =>
  `${count === 1 ? 'Se omitió' : 'Se omitieron'} ${plural(count, one, other)}.`;

/** The result toast: what was created and how many rows were left out (with errors, as duplicates). */
export function importedText({
  pedidosCreados,
  ticketsCreados,
  filasOmitidas,
  duplicadosOmitidos,
}: ImportResult) {
  return [
    `Se ${pedidosCreados === 1 ? 'ha' : 'han'} creado ${plural(pedidosCreados, 'pedido', 'pedidos')} con ${plural(ticketsCreados, 'ticket', 'tickets')}.`,
    filasOmitidas > 0 && leftOut(filasOmitidas, 'fila con errores', 'filas con errores'),
    duplicadosOmitidos > 0 && leftOut(duplicadosOmitidos, 'duplicado', 'duplicados'),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The rows an import would create: the valid ones, less the duplicates when they are left out. */
export const rowsToImport = (preview: ImportPreview, omitirDuplicados: boolean) =>
  preview.filas.filter((fila) => fila.errores.length === 0 && !(omitirDuplicados && fila.duplicado));
