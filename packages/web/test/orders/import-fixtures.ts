import type { GuestRow, ImportPreview, ImportResult } from '@drinkflow/domain/guest-import';

/** A row of the template as the server previews it: a new guest unless patched. */
export const aGuestRow = (
  patch: Partial<GuestRow> & Pick<GuestRow, 'linea' | 'nombreCompleto'>,
): GuestRow => ({
  email: `${patch.nombreCompleto.split(' ')[0]!.toLowerCase()}@example.com`,
  telefono: null,
  tipoTicket: 'Bono 4 Copas',
  ticketTypeId: 11,
  cantidad: 1,
  cantidadTexto: String(patch.cantidad ?? 1),
  errores: [],
  duplicado: null,
  codigo: null,
  idExterno: null,
  estado: null,
  accion: 'nuevo',
  pedidoId: null,
  avisos: [],
  ...patch,
});

const templateColumns: ImportPreview['columnas'] = [
  { indice: 0, cabecera: 'nombre completo', campo: 'nombreCompleto', ejemplo: 'Ana García' },
  { indice: 1, cabecera: 'email', campo: 'email', ejemplo: 'ana@example.com' },
  { indice: 2, cabecera: 'tipo de ticket', campo: 'tipoTicket', ejemplo: 'Bono 4 Copas' },
  { indice: 3, cabecera: 'cantidad', campo: 'cantidad', ejemplo: '1' },
];

const count = (filas: GuestRow[], ...acciones: GuestRow['accion'][]) =>
  filas.filter((fila) => acciones.includes(fila.accion)).length;

/**
 * The preview of a template file with these rows: every count follows from the rows, every type
 * text is 'Bono 4 Copas' (decided) unless `tiposArchivo` is patched.
 */
export function aPreview(filas: GuestRow[], patch: Partial<ImportPreview> = {}): ImportPreview {
  const toCreate = filas.filter((fila) => fila.accion === 'nuevo' || fila.accion === 'duplicado');
  return {
    formato: 'plantilla',
    formatoNombre: 'Plantilla de DrinkFlow',
    columnas: templateColumns,
    faltan: [],
    tiposArchivo: [{ texto: 'Bono 4 Copas', filas: filas.length, ticketTypeId: 11, decidido: true }],
    filas,
    total: filas.length,
    validas: filas.filter((fila) => fila.errores.length === 0).length,
    conErrores: count(filas, 'error'),
    duplicados: count(filas, 'duplicado'),
    tickets: toCreate.reduce((sum, fila) => sum + (fila.cantidad ?? 1), 0),
    sinCabecera: false,
    nuevos: count(filas, 'nuevo'),
    yaImportados: count(filas, 'ya_importado'),
    anulados: count(filas, 'anular'),
    ticketsAnulados: count(filas, 'anular'),
    cancelados: count(filas, 'cancelado'),
    omitidosPorTipo: count(filas, 'omitido_tipo'),
    sinTipo: count(filas, 'sin_tipo'),
    codigosCortos: filas.filter((fila) => fila.avisos.length > 0).length,
    ...patch,
  };
}

/** What an import answers: nothing done unless patched. */
export const anImportResult = (patch: Partial<ImportResult> = {}): ImportResult => ({
  pedidosCreados: 0,
  ticketsCreados: 0,
  filasOmitidas: 0,
  duplicadosOmitidos: 0,
  yaImportados: 0,
  omitidosPorTipo: 0,
  codigosCortos: 0,
  anulados: [],
  ticketsAnulados: 0,
  ...patch,
});
