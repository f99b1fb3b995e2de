import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import { formatDateTime } from '@drinkflow/domain/dates';
import { validOnlyAtText } from '@drinkflow/domain/scan-rules';
import { limitText, modoLabels, type Modo } from '@drinkflow/domain/ticket-types';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** What one printed ticket shows. */
export interface PrintableTicket {
  id: number;
  qrCode: string;
  estado: 'activo' | 'invalidado';
  holder: string;
  evento: { nombre: string; ubicacion: string; fechaInicio: Date; fechaFin: Date };
  tipo: {
    nombre: string;
    modo: Modo;
    maxDrinks: number | null;
    durationMinutes: number | null;
    drinkIntervalMinutes: number | null;
    drinkType: string;
    validoDesde: Date;
    validoHasta: Date;
    /** The bars that serve it (docs/rules/festivals.md); null or absent: every bar. */
    barrasPermitidas?: string[] | null;
  };
}

// A6 portrait: fits a phone screen and prints four to an A4 sheet.
const PAGE = { size: 'A6' as const, margin: 22 };
const INK = '#0f172a';
const MUTED = '#475569';
const QR_SIZE = 170;

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

/** "Sábado, 4 de julio de 2026, 20:00" in the app's time zone. */
export function longSpanishDate(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return capitalise(text);
}

/** A PDF document (a readable stream) to which `addTicketPage` appends one page per ticket. */
export function createTicketsDocument(title: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: title, Author: 'DrinkFlow', Creator: 'DrinkFlow' },
  });
}

/**
 * The QR symbol the `qrcode` library encodes, drawn as vector squares (one rectangle per run of dark
 * modules): sharp at any print size and about ten times faster than embedding a PNG per page.
 * Medium error correction and a 4-module quiet zone: what phone cameras and bar scanners read best.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let runStart = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(x + (quiet + runStart) * cell, y + (quiet + row) * cell, (column - runStart) * cell, cell);
        runStart = -1;
      }
    }
  }
  doc.fill('#000000').restore();
}

export function addTicketPage(doc: PDFKit.PDFDocument, ticket: PrintableTicket, timeZone: string) {
  doc.addPage();
  const width = doc.page.width - PAGE.margin * 2;
  doc.fillColor('#2563eb').font('Helvetica-Bold').fontSize(9).text('DRINKFLOW · TICKET DE BARRA', { width });
  doc.moveDown(0.4);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(ticket.evento.nombre, { width });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(longSpanishDate(ticket.evento.fechaInicio, timeZone), { width });
  doc.text(ticket.evento.ubicacion, { width });
  doc.moveDown(0.6);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(ticket.holder, { width });
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.text(`${ticket.tipo.nombre} · ${modoLabels[ticket.tipo.modo]} · ${limitText(ticket.tipo)}`, { width });
  doc.text(`Bebidas: ${drinkTypeLabel(ticket.tipo.drinkType)}`, { width });
  const onlyAt = validOnlyAtText(ticket.tipo.barrasPermitidas);
  if (onlyAt) doc.font('Helvetica-Bold').text(onlyAt, { width }).font('Helvetica');
  doc
    .fillColor(MUTED)
    .text(
      `Válido del ${formatDateTime(ticket.tipo.validoDesde, timeZone)} al ${formatDateTime(ticket.tipo.validoHasta, timeZone)}`,
      { width },
    );
  const qrTop = doc.y + 8;
  drawQr(doc, ticket.qrCode, PAGE.margin + (width - QR_SIZE) / 2, qrTop, QR_SIZE);
  doc.y = qrTop + QR_SIZE + 4;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(`Ticket #${ticket.id}`, PAGE.margin, doc.y, {
    width,
    align: 'center',
  });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  const note =
    ticket.estado === 'invalidado'
      ? 'Este ticket está invalidado y no se aceptará en la barra.'
      : 'Muestra este código en la barra. No lo compartas: cada consumo se descuenta de tu ticket.';
  doc.text(note, { width, align: 'center' });
}
