import type { ImportResult } from '@drinkflow/domain/guest-import';

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

/** 'Importar 48 pedidos' (one per valid row). */
export const importButtonText = (valid: number) => `Importar ${plural(valid, 'pedido', 'pedidos')}`;

/** The result toast: what was created and how many rows were left out. */
export function importedText({ pedidosCreados, ticketsCreados, filasOmitidas }: ImportResult) {
  const createdText = `Se ${pedidosCreados === 1 ? 'ha' : 'han'} creado ${plural(pedidosCreados, 'pedido', 'pedidos')} con ${plural(ticketsCreados, 'ticket', 'tickets')}.`;
  return filasOmitidas > 0
    ? `${createdText} ${filasOmitidas === 1 ? 'Se omitió 1 fila' : `Se omitieron ${filasOmitidas} filas`} con errores.`
    : createdText;
}
