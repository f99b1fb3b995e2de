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
  type ImportFormat,
} from '../src/shop-exports';

/** The field of every column recognizeExport maps, by title; the others are null. */
function fieldsByTitle(header: string[]): Record<string, ImportField> {
  const { campos } = recognizeExport(header);
  return Object.fromEntries(
    header.flatMap((title, index) => (campos[index] ? [[title, campos[index]]] : [])),
  );
}

// Whole header rows as the shops write them (pretix: src/pretix/base/exporters/orderlist.py and its
// es/de translations; Eventbrite: its attendee report), with the field each title must give.
const shopHeaders: {
  shop: string;
  formato: ImportFormat;
  header: string[];
  fields: Record<string, ImportField>;
}[] = [
  {
    shop: 'Eventbrite attendee report',
    formato: 'eventbrite',
    header: [
      'Order #',
      'Order Date',
      'First Name',
      'Last Name',
      'Email',
      'Quantity',
      'Ticket Type',
      'Attendee #',
      'Barcode #',
      'Order Type',
      'Currency',
      'Total Paid',
      'Fees Paid',
      'Eventbrite Fees',
      'Eventbrite Payment Processing',
      'Attendee Status',
      'Home Phone',
      'Cell Phone',
      'Work Phone',
    ],
    fields: {
      'First Name': 'nombre',
      'Last Name': 'apellidos',
      Email: 'email',
      Quantity: 'cantidad',
      'Ticket Type': 'tipoTicket',
      'Attendee #': 'idExterno',
      'Barcode #': 'codigo',
      'Attendee Status': 'estado',
      'Cell Phone': 'telefono',
    },
  },
  {
    shop: 'Eventbrite informe de asistentes',
    formato: 'eventbrite',
    header: [
      'N.º de pedido',
      'Fecha del pedido',
      'Nombre',
      'Apellidos',
      'Correo electrónico',
      'Cantidad',
      'Tipo de entrada',
      'N.º de asistente',
      'N.º de código de barras',
      'Tipo de pedido',
      'Total pagado',
      'Estado del asistente',
      'Teléfono móvil',
    ],
    fields: {
      Nombre: 'nombre',
      Apellidos: 'apellidos',
      'Correo electrónico': 'email',
      Cantidad: 'cantidad',
      'Tipo de entrada': 'tipoTicket',
      'N.º de asistente': 'idExterno',
      'N.º de código de barras': 'codigo',
      'Estado del asistente': 'estado',
      'Teléfono móvil': 'telefono',
    },
  },
  {
    shop: 'pretix Orders',
    formato: 'pretix_pedidos',
    header: [
      'Event slug',
      'Order code',
      'Order total',
      'Status',
      'Email',
      'Phone number',
      'Order date',
      'Order time',
      'Company',
      'Name',
      'Address',
      'ZIP code',
      'City',
      'Country',
      'State',
      'Custom address field',
      'VAT ID',
      'Date of last payment',
      'Fees',
      'Order locale',
      'Invoice numbers',
      'Sales channel',
      'Requires special attention',
      'Comment',
      'Follow-up date',
      'Positions',
      'E-mail address verified',
      'External customer ID',
      'Payment providers',
    ],
    fields: {
      'Order code': 'idExterno',
      Status: 'estado',
      Email: 'email',
      'Phone number': 'telefono',
      Name: 'nombreCompleto',
      Positions: 'cantidad',
    },
  },
  {
    shop: 'pretix Order positions',
    formato: 'pretix_asistentes',
    header: [
      'Event slug',
      'Order code',
      'Position ID',
      'Status',
      'Email',
      'Phone number',
      'Order date',
      'Order time',
      'Product',
      'Variation',
      'Price',
      'Tax rate',
      'Tax rule',
      'Tax value',
      'Attendee name',
      'Attendee email',
      'Company',
      'Address',
      'ZIP code',
      'City',
      'Country',
      'State',
      'Voucher',
      'Pseudonymization ID',
      'Ticket secret',
      'Seat ID',
      'Seat name',
      'Seat zone',
      'Seat row',
      'Seat number',
      'Blocked',
      'Valid from',
      'Valid until',
      'Order comment',
      'Follow-up date',
      'Company',
      'Invoice address name',
      'VAT ID',
      'Sales channel',
      'Order locale',
      'E-mail address verified',
      'External customer ID',
      'Payment providers',
    ],
    fields: {
      Status: 'estado',
      'Phone number': 'telefono',
      Product: 'tipoTicket',
      'Attendee name': 'nombreCompleto',
      'Attendee email': 'email',
      'Ticket secret': 'codigo',
    },
  },
  {
    shop: 'pretix Posiciones de la orden',
    formato: 'pretix_asistentes',
    header: [
      'URL semántica del evento',
      'Código de la orden',
      'ID de posición',
      'Estado',
      'Correo electrónico',
      'Fecha de la orden',
      'Producto',
      'Precio',
      'Nombre del participante',
      'Correo electrónico del participante',
      'Secreto del ticket',
      'Compañía',
    ],
    fields: {
      Estado: 'estado',
      Producto: 'tipoTicket',
      'Nombre del participante': 'nombreCompleto',
      'Correo electrónico del participante': 'email',
      'Secreto del ticket': 'codigo',
    },
  },
];

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

describe('recognizeExport: whole shop headers', () => {
  it.each(shopHeaders)(
    'reads the $shop as $formato, each column to its field',
    ({ formato, header, fields }) => {
      expect(recognizeExport(header).formato).toBe(formato);
      expect(fieldsByTitle(header)).toEqual(fields);
      expect(missingImportFields(recognizeExport(header).campos)).toEqual([]);
    },
  );

  it('loses the shop without any one of its distinctive titles', () => {
    const distinctive: Record<string, string[]> = {
      'Eventbrite attendee report': ['Order #', 'Attendee #', 'Ticket Type'],
      'Eventbrite informe de asistentes': ['N.º de pedido', 'N.º de asistente', 'Tipo de entrada'],
      'pretix Orders': ['Order total'],
      'pretix Order positions': ['Product', 'Attendee name'],
      'pretix Posiciones de la orden': ['Código de la orden', 'Producto', 'Nombre del participante'],
    };
    for (const { shop, formato, header } of shopHeaders) {
      for (const title of distinctive[shop] ?? []) {
        const without = header.filter((cell) => cell !== title);
        expect(recognizeExport(without).formato, `${shop} without ${title}`).not.toBe(formato);
      }
    }
  });
});

describe('recognizeExport: the template', () => {
  it('recognises the template, in any case and with or without the optional columns', () => {
    expect(recognizeExport([...guestListColumns])).toEqual({
      formato: 'plantilla',
      campos: ['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad'],
    });
    expect(recognizeExport(['Tipo de Ticket', 'EMAIL', 'Nombre Completo'])).toEqual({
      formato: 'plantilla',
      campos: ['tipoTicket', 'email', 'nombreCompleto'],
    });
  });
});

describe('recognizeExport: Eventbrite', () => {
  const english = [
    'Order #',
    'First Name',
    'Last Name',
    'Email',
    'Quantity',
    'Ticket Type',
    'Attendee #',
    'Barcode #',
  ];

  it('accepts the Spanish "number" as Eventbrite, Excel or a person writes it', () => {
    for (const numero of ['N.º', 'Nº', 'N.°', 'No.', 'Número', 'nº']) {
      const header = [
        `${numero} de pedido`,
        'Nombre',
        'Correo electrónico',
        `${numero} de asistente`,
        'Tipo de entrada',
      ];
      expect(recognizeExport(header), numero).toEqual({
        formato: 'eventbrite',
        campos: [null, 'nombre', 'email', 'idExterno', 'tipoTicket'],
      });
    }
  });

  it('needs the order, attendee and ticket type columns together', () => {
    for (const left of ['Order #', 'Attendee #', 'Ticket Type']) {
      const header = english.filter((title) => title !== left);
      expect(recognizeExport(header).formato, left).toBe('otro');
    }
    expect(recognizeExport(english).formato).toBe('eventbrite');
  });

  it('takes the cell phone before the home and work phones, wherever they stand', () => {
    const header = [...english, 'Home Phone', 'Cell Phone', 'Work Phone'];
    expect(recognizeExport(header).campos.slice(-3)).toEqual([null, 'telefono', null]);
  });
});

describe('recognizeExport: pretix', () => {
  const positions = [
    'Event slug',
    'Order code',
    'Position ID',
    'Status',
    'Email',
    'Product',
    'Attendee name',
  ];

  it('prefers the attendee email to the order email, and keys positions by their secret', () => {
    expect(recognizeExport([...positions, 'Attendee email', 'Ticket secret'])).toEqual({
      formato: 'pretix_asistentes',
      campos: [null, null, null, 'estado', null, 'tipoTicket', 'nombreCompleto', 'email', 'codigo'],
    });
  });

  it('takes the order email when there is no attendee email column', () => {
    expect(recognizeExport(positions).campos[4]).toBe('email');
  });

  it('reads the check-in list, whose secret column is optional', () => {
    const checkinList = ['Order code', 'Attendee name', 'Product', 'Price', 'Checked in', 'Secret', 'E-mail'];
    expect(recognizeExport(checkinList)).toEqual({
      formato: 'pretix_asistentes',
      campos: [null, 'nombreCompleto', 'tipoTicket', null, null, 'codigo', 'email'],
    });
  });

  it('reads the Spanish and German order positions', () => {
    const spanish = ['Código de la orden', 'ID de posición', 'Estado', 'Correo electrónico', 'Producto'];
    spanish.push('Nombre del participante', 'Correo electrónico del participante', 'Secreto del ticket');
    expect(recognizeExport(spanish)).toEqual({
      formato: 'pretix_asistentes',
      campos: [null, null, 'estado', null, 'tipoTicket', 'nombreCompleto', 'email', 'codigo'],
    });
    const german = ['Bestellnummer', 'Position', 'Status', 'E-Mail', 'Produkt', 'Name Teilnehmer*in'];
    german.push('E-Mail Teilnehmer*in');
    expect(recognizeExport(german)).toEqual({
      formato: 'pretix_asistentes',
      campos: [null, null, 'estado', null, 'tipoTicket', 'nombreCompleto', 'email'],
    });
  });

  it('reads the Spanish and German orders, the whole name before a name part', () => {
    const spanish = [
      'Código de la orden',
      'Total de la orden',
      'Estado',
      'Correo electrónico',
      'Nombre',
      'Nombre',
    ];
    spanish.push('Apellido', 'Posiciones');
    expect(recognizeExport(spanish)).toEqual({
      formato: 'pretix_pedidos',
      campos: ['idExterno', null, 'estado', 'email', 'nombreCompleto', null, null, 'cantidad'],
    });
    expect(
      recognizeExport(['Bestellnummer', 'Gesamtbetrag', 'Status', 'E-Mail', 'Name', 'Positionen']),
    ).toEqual({
      formato: 'pretix_pedidos',
      campos: ['idExterno', null, 'estado', 'email', 'nombreCompleto', 'cantidad'],
    });
  });
});

describe('recognizeExport: other files', () => {
  const guessOf = (title: string) => recognizeExport([title]).campos[0];

  it('never takes a file with a few shop titles for a shop', () => {
    const headers = [
      [],
      ['Order #'],
      ['Order #', 'Email', 'Ticket Type'],
      ['Order code', 'Email', 'Product'],
      ['Order code', 'Status'],
      ['nombre completo', 'email'],
      ['Nombre', 'Correo', 'Tipo de entrada', 'Estado'],
      ['a', 'b', 'c', 'd'],
    ];
    for (const header of headers) expect(recognizeExport(header).formato, header.join('|')).toBe('otro');
  });

  it('keeps the field of every title that imported before', () => {
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
      expect(guessOf(title), title).toBe(mapGuestHeader([title]).fields[0]);
      expect(guessOf(title.toUpperCase()), title).toBe(mapGuestHeader([title]).fields[0]);
    }
  });

  it('guesses each field from its Spanish and English titles', () => {
    const titles: Record<ImportField, string[]> = {
      nombre: ['First Name', 'Firstname', 'Given name', 'Nombre de pila'],
      apellidos: ['Apellidos', 'Apellido', 'Last Name', 'Lastname', 'Surname', 'Family name'],
      nombreCompleto: [
        'Nombre completo',
        'Nombre',
        'Nombre y apellidos',
        'Invitado',
        'Name',
        'Full name',
        'Attendee name',
        'Nombre del asistente',
      ],
      email: [
        'Email',
        'E-mail',
        'Correo',
        'Correo electrónico',
        'Mail',
        'Email address',
        'E-mail address',
        'Attendee email',
      ],
      telefono: [
        'Teléfono',
        'Móvil',
        'Tel',
        'Phone',
        'Teléfono móvil',
        'Phone number',
        'Mobile',
        'Cell phone',
      ],
      tipoTicket: [
        'Tipo de ticket',
        'Tipo',
        'Ticket',
        'Tipo ticket',
        'Entrada',
        'Tipo de entrada',
        'Ticket type',
        'Producto',
        'Product',
      ],
      cantidad: [
        'Cantidad',
        'Tickets',
        'Número de tickets',
        'Quantity',
        'Qty',
        'N.º de entradas',
        'Unidades',
        'Uds.',
        'Uds',
      ],
      codigo: [
        'Código',
        'Código QR',
        'QR',
        'QR code',
        'Barcode',
        'Barcode #',
        'Código de barras',
        'Nº de código de barras',
        'Secret',
        'Ticket secret',
      ],
      idExterno: [
        'ID externo',
        'External ID',
        'Localizador',
        'N.º de pedido',
        'Order ID',
        'Order number',
        'Attendee #',
        'Número de asistente',
      ],
      estado: ['Estado', 'Status', 'Estado pedido', 'Estado del pedido', 'Order status', 'Attendee status'],
    };
    for (const field of importFields) {
      for (const title of titles[field]) expect(guessOf(title), title).toBe(field);
    }
  });

  it('never guesses from a word inside a title, nor from a buyer or yes/no column', () => {
    const titles = [
      'Nombre del evento',
      'Email enviado',
      'Tipo de IVA',
      'Código postal',
      'Comprador',
      'Asistente',
    ];
    for (const title of [...titles, 'Notas', '']) expect(guessOf(title), title).toBeNull();
  });

  it('never takes a bare ID or order column, often a row number, for the key of a re-import', () => {
    for (const title of ['ID', 'Id', 'Pedido', 'Nº', '#']) expect(guessOf(title), title).toBeNull();
  });

  it('guesses each field once: the first column wins', () => {
    expect(recognizeExport(['Correo', 'Email', 'Nombre', 'Tipo', 'Entrada']).campos).toEqual([
      'email',
      null,
      'nombreCompleto',
      'tipoTicket',
      null,
    ]);
  });

  it('takes the first of a title written twice, as the import did before', () => {
    expect(recognizeExport(['Nombre', 'Email', 'Email']).campos).toEqual(['nombreCompleto', 'email', null]);
    expect(recognizeExport(['Nombre', 'Nombre', 'Email']).campos).toEqual(['nombreCompleto', null, 'email']);
  });

  it('reads Nombre as the first name only beside a surname column', () => {
    expect(recognizeExport(['Nombre', 'Apellidos', 'Correo']).campos).toEqual([
      'nombre',
      'apellidos',
      'email',
    ]);
    expect(recognizeExport(['Nombre', 'Last name', 'Correo']).campos).toEqual([
      'nombre',
      'apellidos',
      'email',
    ]);
    expect(recognizeExport(['Nombre', 'Correo']).campos).toEqual(['nombreCompleto', 'email']);
    expect(recognizeExport(['Name', 'Surname', 'Email']).campos).toEqual(['nombre', 'apellidos', 'email']);
    expect(recognizeExport(['Name', 'Email']).campos).toEqual(['nombreCompleto', 'email']);
  });
});

describe('missingImportFields', () => {
  it('needs a name (whole or first) and an email', () => {
    const cases: [(ImportField | null)[], ImportField[]][] = [
      [[], ['nombreCompleto', 'email']],
      [['nombreCompleto', 'email'], []],
      [['nombre', 'email'], []],
      [['email', 'nombre', 'apellidos'], []],
      [['apellidos', 'email', null], ['nombreCompleto']],
      [['nombreCompleto', 'telefono'], ['email']],
      [
        ['tipoTicket', 'cantidad', 'codigo', 'idExterno', 'estado', 'telefono'],
        ['nombreCompleto', 'email'],
      ],
    ];
    for (const [campos, missing] of cases)
      expect(missingImportFields(campos), campos.join('|')).toEqual(missing);
  });
});

describe('joinName', () => {
  it('joins first name and surnames with one space', () => {
    expect(joinName('Ana', 'García López')).toBe('Ana García López');
    expect(joinName('  Ana  María ', ' García   López ')).toBe('Ana María García López');
    expect(joinName('Íñigo', 'Ruiz\tde  Azúa')).toBe('Íñigo Ruiz de Azúa');
  });

  it('leaves no stray space for an empty part', () => {
    expect(joinName('Ana', '')).toBe('Ana');
    expect(joinName('Ana', '   ')).toBe('Ana');
    expect(joinName('  ', 'Núñez')).toBe('Núñez');
    expect(joinName('', '')).toBe('');
  });
});

describe('isCancelledStatus', () => {
  it.each([
    'Reembolsado',
    'Reembolsada',
    'Devuelto',
    'Devuelta',
    'Cancelado',
    'Cancelada',
    'Anulado',
    'Anulada',
    'Eliminado',
    'Eliminada',
    'Refunded',
    'Cancelled',
    'Canceled',
    'Deleted',
    'c',
    'storniert',
    'Refunded/Canceled',
  ])('is true for %s, in any case, with accents or extra spaces', (word) => {
    expect(isCancelledStatus(word)).toBe(true);
    expect(isCancelledStatus(word.toUpperCase())).toBe(true);
    expect(isCancelledStatus(`  ${word.toLowerCase()} `)).toBe(true);
  });

  it('ignores accents a spreadsheet added or dropped', () => {
    expect(isCancelledStatus('CANCELÁDO')).toBe(true);
    expect(isCancelledStatus('Reembolsádo')).toBe(true);
  });

  it('is false for valid tickets, pending or expired orders and attendees who will not come', () => {
    const words = [
      'Attending',
      'Checked In',
      'Not Attending',
      'Transferred',
      'Asistirá',
      'Pagado',
      'paid',
      'Paid',
    ];
    words.push('p', 'n', 'e', 'pending', 'expired', 'pendiente', 'Partially Refunded', 'Refunded/Attending');
    words.push('cancelación solicitada', 'No cancelado', 'cc', '', '   ');
    // pretix in German: pending, paid, expired.
    words.push('ausstehend', 'bezahlt', 'abgelaufen');
    for (const word of words) expect(isCancelledStatus(word), word).toBe(false);
  });
});

describe('isShortCode', () => {
  it('is true below 16 characters, not counting the spaces around', () => {
    expect(SHORT_CODE_LENGTH).toBe(16);
    expect(isShortCode('a'.repeat(15))).toBe(true);
    expect(isShortCode(` ${'a'.repeat(15)} `)).toBe(true);
    expect(isShortCode('a'.repeat(16))).toBe(false);
    expect(isShortCode('Q7XK2M9P')).toBe(true);
    expect(isShortCode('m7z2wq9xk4hfp3tdnbc8yv6ejr5ga2us')).toBe(false);
    expect(isShortCode('73104588211187230001')).toBe(false);
  });
});
