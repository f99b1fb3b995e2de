import { describe, expect, it } from 'vitest';
import { renderOrderEmail } from '../../src/modules/email/render';

// docs/decisions/052: names stored before one-line fields refused control characters still show on
// one line: no line of the plain-text body, and not the subject, reads as a header of its own.

const hostile = '\r\nBcc: intruso@example.com\u001B[31m\u0007\u202E';

describe('the order email with names stored before they were checked', () => {
  it('shows each name on its own line, with no control or bidirectional character', () => {
    const { subject, text, html } = renderOrderEmail(
      {
        nombreCompleto: `Ana${hostile}`,
        organizador: `Org${hostile}`,
        evento: {
          nombre: `Boda${hostile}`,
          ubicacion: `Finca${hostile}`,
          fechaInicio: new Date('2026-07-04T18:00:00Z'),
        },
        tickets: [{ id: 7, tipo: `VIP${hostile}`, enlace: 'https://drinkflow.example/t/abc' }],
      },
      'Europe/Madrid',
    );
    // eslint-disable-next-line no-control-regex -- what must not be there
    const unsafe = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
    expect(subject).toBe('Tu ticket para Boda Bcc: intruso@example.com [31m');
    expect(text).not.toMatch(unsafe);
    expect(html).not.toMatch(unsafe);
    const lines = text.split('\n');
    expect(lines.filter((line) => /^Bcc:/.test(line))).toEqual([]);
    expect(lines[0]).toBe('Hola, Ana Bcc: intruso@example.com [31m:');
    expect(lines).toContain('Ticket #7 (VIP Bcc: intruso@example.com [31m): https://drinkflow.example/t/abc');
  });
});
