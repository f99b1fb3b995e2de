import { guestListColumns } from '@drinkflow/domain/guest-import';

const BOM = '\uFEFF';
const FALLBACK_TYPE = 'General';

/**
 * The guest-list template: UTF-8 with a BOM (so Excel reads the accents), `;` between cells (what
 * Excel uses in Spanish), CRLF lines, the header and two example guests of the event's real types.
 */
export function guestTemplateCsv(ticketTypeNames: readonly string[]): string {
  const first = ticketTypeNames[0] ?? FALLBACK_TYPE;
  const second = ticketTypeNames[1] ?? first;
  const rows = [
    [...guestListColumns],
    ['Ana García López', 'ana.garcia@example.com', '+34 600 000 001', first, '1'],
    ['Luis Martín Pérez', 'luis.martin@example.com', '', second, '2'],
  ];
  return BOM + rows.map((cells) => cells.map(csvCell).join(';')).join('\r\n') + '\r\n';
}

/** A cell quoted when it holds the separator, a quote or a line break. */
function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const guestTemplateName = (eventoId: number) => `plantilla-invitados-evento-${eventoId}.csv`;
