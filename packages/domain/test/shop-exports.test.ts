import { describe, expect, it } from 'vitest';
import { guestListColumns, mapGuestHeader } from '../src/guest-import';
import {
  SHORT_CODE_LENGTH,
  importFieldLabels,
  importFields,
  importFormatNames,
  isCancelledStatus,
  isShortCode,
  joinName,
  missingImportFields,
  recognizeExport,
  type ImportField,
} from '../src/shop-exports';

const fieldsOf = (header: string[]) => {
  const { campos } = recognizeExport(header);
  return Object.fromEntries(header.map((title, index) => [title, campos[index]]));
};

describe('import fields and formats', () => {
  it('labels every field and format as the screens show them', () => {
    expect(importFields).toEqual([
      'nombre',
      'apellidos',
      'nombreCompleto',
      'email',
      'telefono',
      'tipoTicket',
      'cantidad',
      'codigo',
      'idExterno',
      'estado',
    ]);
    expect(importFieldLabels).toEqual({
      nombre: 'nombre',
      apellidos: 'apellidos',
      nombreCompleto: 'nombre completo',
      email: 'email',
      telefono: 'teléfono',
      tipoTicket: 'tipo de ticket',
      cantidad: 'cantidad',
      codigo: 'código',
      idExterno: 'id externo',
      estado: 'estado',
    });
    expect(importFormatNames).toEqual({
      plantilla: 'Plantilla de DrinkFlow',
      eventbrite: 'Eventbrite (asistentes)',
      pretix_pedidos: 'pretix (pedidos)',
      pretix_asistentes: 'pretix (asistentes)',
      otro: 'Otro archivo',
    });
  });
});

describe('recognizeExport', () => {
  it('recognises the template', () => {
    expect(recognizeExport([...guestListColumns])).toEqual({
      formato: 'plantilla',
      campos: ['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad'],
    });
  });

  it('maps an Eventbrite attendee report', () => {
    const header = ['Order #', 'Order Date', 'First Name', 'Last Name', 'Email', 'Quantity', 'Ticket Type'];
    header.push('Attendee #', 'Barcode #', 'Attendee Status', 'Cell Phone');
    expect(recognizeExport(header).formato).toBe('eventbrite');
    expect(fieldsOf(header)).toEqual({
      'Order #': null,
      'Order Date': null,
      'First Name': 'nombre',
      'Last Name': 'apellidos',
      Email: 'email',
      Quantity: 'cantidad',
      'Ticket Type': 'tipoTicket',
      'Attendee #': 'idExterno',
      'Barcode #': 'codigo',
      'Attendee Status': 'estado',
      'Cell Phone': 'telefono',
    });
  });

  it('prefers the attendee email to the order email in a pretix positions export', () => {
    const header = [
      'Order code',
      'Position ID',
      'Status',
      'Email',
      'Product',
      'Attendee name',
      'Attendee email',
    ];
    expect(recognizeExport(header)).toEqual({
      formato: 'pretix_asistentes',
      campos: [null, null, 'estado', null, 'tipoTicket', 'nombreCompleto', 'email'],
    });
  });

  it('never takes a random file for a shop', () => {
    for (const header of [[], ['Order #'], ['Order #', 'Email', 'Ticket Type'], ['Order code', 'Email']]) {
      expect(recognizeExport(header).formato, header.join('|')).toBe('otro');
    }
  });

  it('keeps the field of every header that imported before', () => {
    const known = ['nombre completo', 'nombre', 'nombre y apellidos', 'invitado', 'name', 'full name'];
    known.push(
      'email',
      'e-mail',
      'correo',
      'correo electronico',
      'mail',
      'telefono',
      'movil',
      'tel',
      'phone',
    );
    known.push('tipo de ticket', 'tipo', 'ticket', 'tipo ticket', 'entrada');
    known.push('cantidad', 'tickets', 'numero de tickets', 'quantity');
    for (const title of known) {
      expect(recognizeExport([title]).campos[0], title).toBe(mapGuestHeader([title]).fields[0]);
    }
  });

  it('guesses each field once: the first column wins', () => {
    expect(recognizeExport(['Correo', 'Email', 'Nombre']).campos).toEqual(['email', null, 'nombreCompleto']);
  });

  it('reads Nombre as the first name only beside a surname column', () => {
    expect(recognizeExport(['Nombre', 'Apellidos', 'Correo']).campos).toEqual([
      'nombre',
      'apellidos',
      'email',
    ]);
    expect(recognizeExport(['Nombre', 'Correo']).campos).toEqual(['nombreCompleto', 'email']);
  });
});

describe('missingImportFields', () => {
  it('needs a name (whole or first) and an email', () => {
    const cases: [(ImportField | null)[], ImportField[]][] = [
      [[], ['nombreCompleto', 'email']],
      [['nombreCompleto', 'email'], []],
      [['nombre', 'email'], []],
      [['apellidos', 'email', null], ['nombreCompleto']],
      [['nombreCompleto', 'telefono'], ['email']],
    ];
    for (const [campos, missing] of cases)
      expect(missingImportFields(campos), campos.join('|')).toEqual(missing);
  });
});

describe('joinName', () => {
  it('joins first name and surnames with one space', () => {
    expect(joinName('Ana', 'García López')).toBe('Ana García López');
    expect(joinName('  Ana  María ', ' García   López ')).toBe('Ana María García López');
    expect(joinName('Ana', '')).toBe('Ana');
    expect(joinName('  ', 'Núñez')).toBe('Núñez');
    expect(joinName('', '')).toBe('');
  });
});

describe('isCancelledStatus', () => {
  it('is true for refunded and cancelled words, whatever the case or accents', () => {
    for (const word of ['Reembolsado', 'CANCELADO', 'Anulado', 'Refunded', 'Cancelled', 'canceled', 'c']) {
      expect(isCancelledStatus(word), word).toBe(true);
    }
  });

  it('is false for statuses of valid tickets', () => {
    for (const word of [
      'Attending',
      'Checked In',
      'Not Attending',
      'Pagado',
      'paid',
      'p',
      'n',
      '',
      'pending',
    ]) {
      expect(isCancelledStatus(word), word).toBe(false);
    }
  });
});

describe('isShortCode', () => {
  it('is true below 16 characters', () => {
    expect(SHORT_CODE_LENGTH).toBe(16);
    expect(isShortCode('a'.repeat(15))).toBe(true);
    expect(isShortCode('a'.repeat(16))).toBe(false);
  });
});
