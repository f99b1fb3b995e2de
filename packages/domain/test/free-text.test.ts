import { describe, expect, it } from 'vitest';
import { adminPageQuery, adminUsersQuery } from '../src/admin';
import { registerBody } from '../src/auth';
import { demoRequestBody } from '../src/demo-request';
import { barraNombre } from '../src/event-bars';
import { eventoBody } from '../src/events';
import { createOrderBody, ordersQuery } from '../src/orders';
import { PAGE_MAX, pageMaxMessage } from '../src/pagination';
import {
  asOneLine,
  isMultiLineText,
  isSingleLineText,
  MULTI_LINE_TEXT_MESSAGE,
  multiLineText,
  SINGLE_LINE_TEXT_MESSAGE,
  singleLineText,
} from '../src/text';
import { TOP_UP_LIMITS, topUpBody, topUpMessages } from '../src/topups';
import { messagesOf } from './support/issue-messages';

// docs/decisions/052: text that cannot be shown safely. Each range's first and last
// code point is refused, and the code point just outside each end is accepted.

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
/** `code` between two letters, so trimming cannot hide it. */
const inside = (code: number) => `a${String.fromCharCode(code)}b`;

const singleLineRefused = [
  0x0000, 0x0009, 0x000a, 0x000d, 0x001f, 0x007f, 0x009f, 0x202a, 0x202e, 0x2066, 0x2069, 0x2028, 0x2029,
];
const singleLineAccepted = [0x0020, 0x007e, 0x00a0, 0x200f, 0x2027, 0x202f, 0x2065, 0x206a];
const multiLineRefused = [
  0x0000, 0x0008, 0x000b, 0x000c, 0x000e, 0x001f, 0x007f, 0x009f, 0x202a, 0x202e, 0x2066, 0x2069,
];
const multiLineAccepted = [
  0x0009, 0x000a, 0x0020, 0x007e, 0x00a0, 0x2027, 0x2028, 0x2029, 0x202f, 0x2065, 0x206a,
];

describe('isSingleLineText', () => {
  it.each(singleLineRefused.map((code) => [hex(code), code]))('refuses %s', (_name, code) => {
    expect(isSingleLineText(inside(code))).toBe(false);
  });

  it.each(singleLineAccepted.map((code) => [hex(code), code]))('accepts %s', (_name, code) => {
    expect(isSingleLineText(inside(code))).toBe(true);
  });

  it('accepts real names: accents, emoji, right-to-left scripts, apostrophes', () => {
    for (const name of [
      'María José Núñez',
      "D'Angelo Ørsted-Çelik",
      'Zoë 🍹🎉',
      'مريم الحسن',
      'אביגיל',
      '',
    ]) {
      expect(isSingleLineText(name), name).toBe(true);
    }
  });

  it('refuses the header-injection text of the probe and a tab in a name', () => {
    expect(isSingleLineText('Ana\r\nBcc: intruso@example.com')).toBe(false);
    expect(isSingleLineText('Ana\tRuiz')).toBe(false);
  });
});

describe('the Spanish messages', () => {
  it('say what to remove, as the forms and the API show them', () => {
    expect(SINGLE_LINE_TEXT_MESSAGE).toBe(
      'No puede contener saltos de línea, tabuladores ni caracteres de control',
    );
    expect(MULTI_LINE_TEXT_MESSAGE).toBe(
      'Solo admite texto, saltos de línea y tabuladores: quita los caracteres de control',
    );
  });
});

describe('asOneLine', () => {
  it('turns every character a one-line field refuses into a space, and runs of spaces into one', () => {
    expect(asOneLine('Ana\r\nBcc: x@example.com')).toBe('Ana Bcc: x@example.com');
    expect(asOneLine(' Ana\u0000\u001F\u007F\u009F\u202A\u202E\u2066\u2069\u2028\u2029Ruiz ')).toBe(
      'Ana Ruiz',
    );
    expect(asOneLine('Ana\tRuiz\u000BJr')).toBe('Ana Ruiz Jr');
  });

  it('keeps the characters just outside each range, and reads other spaces as spaces', () => {
    expect(asOneLine('José ~\u2065\u206A 🍹')).toBe('José ~\u2065\u206A 🍹');
    expect(asOneLine('Ana\u00A0Ruiz\u202FGil')).toBe('Ana Ruiz Gil');
  });
});

describe('isMultiLineText', () => {
  it.each(multiLineRefused.map((code) => [hex(code), code]))('refuses %s', (_name, code) => {
    expect(isMultiLineText(inside(code))).toBe(false);
  });

  it.each(multiLineAccepted.map((code) => [hex(code), code]))('accepts %s', (_name, code) => {
    expect(isMultiLineText(inside(code))).toBe(true);
  });

  it('accepts a CR only as the start of a CRLF pair', () => {
    expect(isMultiLineText('uno\r\ndos\r\n')).toBe(true);
    expect(isMultiLineText('uno\rdos')).toBe(false);
    expect(isMultiLineText('uno\r')).toBe(false);
    expect(isMultiLineText('uno\n\rdos')).toBe(false);
  });

  it('accepts a note with tabs, blank lines and accents', () => {
    expect(isMultiLineText('Mesa 4:\n\tdos sin gluten\n\n¡Ojo con la tarta! 🎂')).toBe(true);
  });
});

describe('singleLineText and multiLineText', () => {
  const name = singleLineText('El nombre es obligatorio').trim().min(1, 'Vacío').max(3, 'Largo');
  const note = multiLineText('La nota debe ser un texto').trim().max(3, 'Largo');

  it('trim first, then check what would be stored: whitespace around the text is cut, not refused', () => {
    expect(name.parse(' \tAna\r\n')).toBe('Ana');
    expect(messagesOf(name.safeParse(' \n\t '))).toEqual(['Vacío']);
    expect(messagesOf(name.safeParse('\u0007Ana'))).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
    expect(messagesOf(name.safeParse('A\nB'))).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
  });

  it('answer only their own message: the later checks do not pile up on a refused text', () => {
    expect(messagesOf(name.safeParse('Ana\u001B[31m roja'))).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
    expect(messagesOf(note.safeParse('Nota\u001B[31m roja'))).toEqual([MULTI_LINE_TEXT_MESSAGE]);
  });

  it('keep line breaks and tabs in a note, trimmed at the ends', () => {
    expect(multiLineText().parse('\ta\r\nb\t\n')).toBe('a\r\nb');
    expect(messagesOf(multiLineText().safeParse('a\u202Eb'))).toEqual([MULTI_LINE_TEXT_MESSAGE]);
  });

  it('name their own message when the value is not a text', () => {
    expect(messagesOf(name.safeParse(42))).toEqual(['El nombre es obligatorio']);
    expect(messagesOf(note.safeParse(42))).toEqual(['La nota debe ser un texto']);
  });
});

describe('the request schemas that use them', () => {
  const fieldsOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('refuse a control character in names, emails and phones with the one-line message', () => {
    const order = { eventoId: 1, nombreCompleto: 'Ana', email: 'ana@example.com', telefono: '600 111 222' };
    for (const field of ['nombreCompleto', 'email', 'telefono'] as const) {
      const value = field === 'email' ? 'ana\n@example.com' : `${order[field]}\u202E`;
      expect(fieldsOf(createOrderBody.safeParse({ ...order, [field]: value }))).toEqual([
        [field, SINGLE_LINE_TEXT_MESSAGE],
      ]);
    }
    expect(
      fieldsOf(registerBody.safeParse({ email: 'a@b.es', password: 'secreto', nombre: 'A\u0007' })),
    ).toEqual([['nombre', SINGLE_LINE_TEXT_MESSAGE]]);
    expect(barraNombre.safeParse('VIP\u2066').success).toBe(false);
    expect(fieldsOf(ordersQuery.safeParse({ search: 'ana\r\nb' }))).toEqual([
      ['search', SINGLE_LINE_TEXT_MESSAGE],
    ]);
    expect(fieldsOf(adminUsersQuery.safeParse({ search: '\u001Bx' }))).toEqual([
      ['search', SINGLE_LINE_TEXT_MESSAGE],
    ]);
  });

  it('take line breaks in notes and messages, and refuse other control characters there', () => {
    const event = {
      nombre: 'Boda',
      ubicacion: 'Finca',
      fechaInicio: '2030-06-01T18:00:00Z',
      fechaFin: '2030-06-02T04:00:00Z',
    };
    expect(eventoBody.parse({ ...event, notas: 'a\nb' }).notas).toBe('a\nb');
    expect(fieldsOf(eventoBody.safeParse({ ...event, notas: 'a\u0000b' }))).toEqual([
      ['notas', MULTI_LINE_TEXT_MESSAGE],
    ]);
    expect(topUpBody.parse({ bebidas: 1, nota: 'a\r\n\tb' }).nota).toBe('a\r\n\tb');
    const demo = { name: 'Ana', email: 'ana@example.com', acceptTerms: true };
    expect(demoRequestBody.parse({ ...demo, message: 'Hola\nqué tal' }).message).toBe('Hola\nqué tal');
    expect(fieldsOf(demoRequestBody.safeParse({ ...demo, message: 'Hola\rqué tal' }))).toEqual([
      ['message', MULTI_LINE_TEXT_MESSAGE],
    ]);
    expect(fieldsOf(demoRequestBody.safeParse({ ...demo, phone: '600\t111' }))).toEqual([
      ['phone', SINGLE_LINE_TEXT_MESSAGE],
    ]);
    expect(demoRequestBody.parse({ ...demo, phone: ' 600 111 222 ' }).phone).toBe('600 111 222');
  });
});

describe('numeric bounds', () => {
  it('take an amount up to 99999999.99 (numeric(10,2)) and refuse a cent more', () => {
    expect(TOP_UP_LIMITS.importeMax).toBe(99_999_999.99);
    expect(topUpBody.parse({ bebidas: 1, importe: 99_999_999.99 }).importe).toBe(99_999_999.99);
    expect(messagesOf(topUpBody.safeParse({ bebidas: 1, importe: 100_000_000 }))).toEqual([
      topUpMessages.importeMax,
    ]);
    expect(messagesOf(topUpBody.safeParse({ bebidas: 1, importe: 1e300 }))).toEqual([
      topUpMessages.importeMax,
    ]);
    expect(topUpMessages.importeMax).toBe('El importe no puede superar 99.999.999,99 €');
  });

  it('take pages up to a million and refuse the next one', () => {
    expect(PAGE_MAX).toBe(1_000_000);
    expect(pageMaxMessage).toBe('La página no puede ser mayor que 1.000.000');
    for (const schema of [ordersQuery, adminPageQuery]) {
      expect(schema.parse({ page: String(PAGE_MAX) }).page).toBe(PAGE_MAX);
      expect(messagesOf(schema.safeParse({ page: String(PAGE_MAX + 1) }))).toEqual([pageMaxMessage]);
      expect(messagesOf(schema.safeParse({ page: '1e20' }))).toContain(pageMaxMessage);
    }
  });
});
