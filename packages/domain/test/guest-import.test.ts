import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ROWS,
  defaultGuestFields,
  guestListColumns,
  guestRow,
  hasInvalidCharacters,
  importMappingBody,
  importMessages,
  importPreview,
  importQuery,
  importResult,
  isHeaderlessGuestRow,
  mapGuestHeader,
  normaliseHeader,
} from '../src/guest-import';

describe('guest list template', () => {
  it('lists the columns in template order, as the screens show them', () => {
    expect(guestListColumns).toEqual(['nombre completo', 'email', 'teléfono', 'tipo de ticket', 'cantidad']);
    expect(MAX_IMPORT_ROWS).toBe(20000);
  });

  it('maps the template header to every field, with nothing missing', () => {
    expect(mapGuestHeader([...guestListColumns])).toEqual({
      fields: ['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad'],
      missing: [],
    });
  });
});

describe('normaliseHeader', () => {
  it('drops accents and case, and collapses and trims spaces', () => {
    expect(normaliseHeader('  Teléfono  ')).toBe('telefono');
    expect(normaliseHeader('NÚMERO   DE\tTickets')).toBe('numero de tickets');
    expect(normaliseHeader('Correo\n Electrónico ')).toBe('correo electronico');
    expect(normaliseHeader('Móvil')).toBe('movil');
    expect(normaliseHeader('ñandú')).toBe('nandu');
    expect(normaliseHeader('')).toBe('');
    expect(normaliseHeader('e-mail')).toBe('e-mail');
  });
});

describe('mapGuestHeader', () => {
  const fieldOf = (cell: string) => mapGuestHeader([cell]).fields[0];

  it('recognises every alias of each field', () => {
    const aliases = {
      nombreCompleto: ['nombre completo', 'nombre', 'nombre y apellidos', 'invitado', 'name', 'full name'],
      email: ['email', 'e-mail', 'correo', 'correo electronico', 'mail'],
      telefono: ['telefono', 'movil', 'tel', 'phone'],
      tipoTicket: ['tipo de ticket', 'tipo', 'ticket', 'tipo ticket', 'entrada'],
      cantidad: ['cantidad', 'tickets', 'numero de tickets', 'quantity'],
    };
    for (const [field, names] of Object.entries(aliases)) {
      for (const name of names) expect(fieldOf(name), name).toBe(field);
    }
  });

  it('matches without case, accents or extra spaces', () => {
    expect(fieldOf('  NOMBRE   Completo ')).toBe('nombreCompleto');
    expect(fieldOf('Correo Electrónico')).toBe('email');
    expect(fieldOf('Teléfono')).toBe('telefono');
    expect(fieldOf('Móvil')).toBe('telefono');
    expect(fieldOf('Tipo de Ticket')).toBe('tipoTicket');
    expect(fieldOf('Número de tickets')).toBe('cantidad');
    expect(fieldOf('E-Mail')).toBe('email');
  });

  it('ignores unknown columns and partial matches', () => {
    for (const cell of [
      '',
      'notas',
      'apellidos',
      'nombres',
      'emails',
      'tipo de entrada',
      'telefono movil',
      'id',
    ]) {
      expect(fieldOf(cell), cell).toBeNull();
    }
  });

  it('reports the required columns that are missing, in order', () => {
    expect(mapGuestHeader([])).toEqual({ fields: [], missing: ['nombreCompleto', 'email', 'tipoTicket'] });
    expect(mapGuestHeader(['Teléfono', 'Cantidad', 'Notas'])).toEqual({
      fields: ['telefono', 'cantidad', null],
      missing: ['nombreCompleto', 'email', 'tipoTicket'],
    });
    expect(mapGuestHeader(['Entrada', 'Nombre'])).toEqual({
      fields: ['tipoTicket', 'nombreCompleto'],
      missing: ['email'],
    });
    expect(mapGuestHeader(['Correo', 'Invitado'])).toEqual({
      fields: ['email', 'nombreCompleto'],
      missing: ['tipoTicket'],
    });
    expect(mapGuestHeader(['mail', 'tipo'])).toEqual({
      fields: ['email', 'tipoTicket'],
      missing: ['nombreCompleto'],
    });
  });

  it('does not need the optional phone and quantity columns', () => {
    expect(mapGuestHeader(['name', 'mail', 'ticket', 'otra'])).toEqual({
      fields: ['nombreCompleto', 'email', 'tipoTicket', null],
      missing: [],
    });
  });
});

describe('importMessages', () => {
  it('spells the fixed messages in Spanish', () => {
    expect(importMessages.empty).toBe('El archivo está vacío o no tiene filas de invitados.');
    expect(importMessages.unreadable).toBe(
      'No se ha podido leer el archivo. Súbelo como Excel (.xlsx) o guárdalo como «CSV (delimitado por comas o punto y coma)».',
    );
    expect(importMessages.nombre).toBe('El nombre es requerido');
    expect(importMessages.email).toBe('Email inválido');
    expect(importMessages.spreadsheetTooLarge).toBe(
      'El archivo Excel es demasiado grande una vez abierto: deja solo la hoja de invitados o guárdalo como CSV.',
    );
    expect(importMessages.shortCode).toBe('Código corto: fácil de adivinar');
    expect(importMessages.oneTicketPerCode).toBe('Con código, cada fila es un solo ticket');
    expect(importMessages.quantity).toBe('La cantidad debe ser un número entre 1 y 10');
    expect(importMessages.nothingToImport).toBe('No hay filas válidas que importar.');
  });

  it('fills in the variable messages', () => {
    expect(importMessages.missingColumns(['nombre completo', 'tipo de ticket'])).toBe(
      'Faltan columnas obligatorias: nombre completo, tipo de ticket. Usa la plantilla para ver el formato.',
    );
    expect(importMessages.missingColumns(['email'])).toBe(
      'Faltan columnas obligatorias: email. Usa la plantilla para ver el formato.',
    );
    expect(importMessages.tooManyRows(10000)).toBe('El archivo tiene demasiadas filas (máximo 10.000).');
    expect(importMessages.tooManyRows(500)).toBe('El archivo tiene demasiadas filas (máximo 500).');
    expect(importMessages.undecidedTypes(['General', '', 'VIP'])).toBe(
      'Elige un tipo de ticket o «No importar» para: General, (sin tipo), VIP',
    );
    expect(importMessages.duplicateOfRow('email', 7)).toBe('Repetida: mismo nombre y email que la línea 7');
    expect(importMessages.duplicateOfOrder('telefono', 31)).toBe(
      'Ya existe un pedido con el mismo nombre y teléfono en este evento (pedido n.º 31)',
    );
  });
});

describe('response schemas', () => {
  const row = {
    linea: 2,
    nombreCompleto: 'Ana',
    email: 'ana@example.com',
    telefono: null,
    tipoTicket: 'VIP',
    ticketTypeId: 3,
    cantidad: null,
    cantidadTexto: 'muchas',
    errores: [{ field: 'cantidad', message: 'La cantidad debe ser un número entre 1 y 10' }],
    duplicado: null,
    codigo: null,
    idExterno: null,
    estado: null,
    accion: 'error',
    pedidoId: null,
    avisos: [],
  };

  it('parses the preview and the result as the API sends them', () => {
    expect(guestRow.parse(row)).toEqual(row);
    expect(guestRow.safeParse({ ...row, errores: undefined }).success).toBe(false);
    const preview = {
      formato: 'otro',
      formatoNombre: 'Otro archivo',
      columnas: [{ indice: 0, cabecera: 'Nombre', campo: 'nombreCompleto', ejemplo: 'Ana' }],
      faltan: [],
      tiposArchivo: [{ texto: 'VIP', filas: 1, ticketTypeId: 3, decidido: true }],
      filas: [row],
      total: 1,
      validas: 0,
      conErrores: 1,
      duplicados: 0,
      tickets: 0,
      sinCabecera: false,
      nuevos: 0,
      yaImportados: 0,
      anulados: 0,
      ticketsAnulados: 0,
      cancelados: 0,
      omitidosPorTipo: 0,
      sinTipo: 0,
      codigosCortos: 0,
    };
    expect(importPreview.parse(preview)).toEqual(preview);
    const result = {
      pedidosCreados: 2,
      ticketsCreados: 5,
      filasOmitidas: 1,
      duplicadosOmitidos: 0,
      yaImportados: 3,
      omitidosPorTipo: 0,
      codigosCortos: 1,
      anulados: [{ pedidoId: 7, nombreCompleto: 'Ana', tickets: 2 }],
      ticketsAnulados: 2,
    };
    expect(importResult.parse(result)).toEqual(result);
    expect(importResult.safeParse({ pedidosCreados: 2 }).success).toBe(false);
  });
});

describe('text the import refuses', () => {
  it('is a NUL character (PostgreSQL cannot store it) or U+FFFD (a byte the file could not decode)', () => {
    expect(hasInvalidCharacters('Ana\u0000')).toBe(true);
    expect(hasInvalidCharacters('Jos\uFFFD')).toBe(true);
    expect(hasInvalidCharacters('Íñigo O’Brien “el Txiki” — 10 € …')).toBe(false);
  });
});

describe('import options', () => {
  it('leaves out duplicates unless omitirDuplicados=false', () => {
    expect(importQuery.parse({})).toEqual({ omitirDuplicados: true });
    expect(importQuery.parse({ omitirDuplicados: 'true' })).toEqual({ omitirDuplicados: true });
    expect(importQuery.parse({ omitirDuplicados: 'false' })).toEqual({ omitirDuplicados: false });
    expect(importQuery.safeParse({ omitirDuplicados: 'no' }).error?.issues[0]?.message).toBe(
      'omitirDuplicados debe ser true o false',
    );
  });
});

describe('a guest list without a header row', () => {
  it('reads such a file in the template’s column order', () => {
    expect(defaultGuestFields).toEqual(['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad']);
    expect(mapGuestHeader([...guestListColumns]).fields).toEqual(defaultGuestFields);
  });

  it.each([
    [['Ana López', 'ana@correo.es', '612345678', 'VIP', '2']],
    [['ana@correo.es']],
    [['Ana', '  ana.lopez@mail.example.com  ']],
    [['Luis', 'l@x.es', 'General']],
  ])('takes a first row that names no column and holds an email as a guest: %j', (cells) => {
    expect(isHeaderlessGuestRow(cells)).toBe(true);
  });

  it.each([
    [['nombre completo', 'email', 'teléfono', 'tipo de ticket', 'cantidad']],
    [['Nombre', 'Correo', 'Entrada']],
    // A row that names a known column is a header, even beside an email.
    [['Nombre', 'ana@correo.es']],
    [['ana@correo.es', 'Tipo']],
    // No column named, but no email either: not a guest row.
    [['Ana López', 'VIP', '2']],
    [[]],
  ])('keeps a first row as the header: %j', (cells) => {
    expect(isHeaderlessGuestRow(cells)).toBe(false);
  });

  it.each([
    ['ana'],
    ['ana@correo'],
    ['@correo.es'],
    ['ana@.es'],
    ['ana@correo.'],
    ['ana@@correo.es'],
    ['ana lopez@correo.es'],
    ['escribir a ana@correo.es'],
    ['ana@correo.es (trabajo)'],
    ['ana@correo.es y luis@correo.es'],
    ['ana@cor reo.es'],
    ['ana@correo.e s'],
  ])('does not take %j for an email', (text) => {
    expect(isHeaderlessGuestRow(['Ana', text])).toBe(false);
  });
});

describe('the mapping body', () => {
  it('takes fields or null per header and a type id or null per ticket-type text, each part optional', () => {
    const body = { columnas: { Localizador: 'codigo', Notas: null }, tipos: { General: 3, '': null } };
    expect(importMappingBody.parse(body)).toEqual(body);
    expect(importMappingBody.parse({})).toEqual({});
  });

  it('names the header or text of a wrong entry, in Spanish', () => {
    const issues = (body: unknown) =>
      importMappingBody.safeParse(body).error?.issues.map(({ path, message }) => [path.join('.'), message]);
    expect(issues({ columnas: { Correo: 'correo' } })).toEqual([
      ['columnas.Correo', 'No es un campo de la importación'],
    ]);
    expect(issues({ tipos: { VIP: 0, General: 'x' } })).toEqual([
      ['tipos.VIP', 'El tipo de ticket no es de este evento'],
      ['tipos.General', 'El tipo de ticket no es de este evento'],
    ]);
    expect(issues({ columnas: { ['x'.repeat(201)]: 'email' } })?.[0]?.[1]).toBe(
      'Cada cabecera o tipo tiene como máximo 200 caracteres',
    );
  });
});
