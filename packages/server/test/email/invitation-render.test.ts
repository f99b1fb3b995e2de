import { describe, expect, it } from 'vitest';
import { renderInvitationEmail } from '../../src/modules/email/invitation-render';

// docs/decisions/052: names stored before one-line fields refused control characters show on one
// line; and the HTML body shows names as text, never as markup.

const hostile = '\r\nBcc: intruso@example.com\u001B[31m\u0007\u202E';

describe('the team invitation email with names stored before they were checked', () => {
  it('keeps each name on one line, with no control character, and escapes it in the HTML', () => {
    const { subject, text, html } = renderInvitationEmail(
      {
        organizador: `Org${hostile}`,
        evento: {
          nombre: `<b>Boda</b> & fiesta${hostile}`,
          fechaInicio: new Date('2026-07-04T18:00:00Z'),
          fechaFin: new Date('2026-07-05T02:00:00Z'),
        },
        rol: 'barra',
        enlace: 'https://drinkflow.example/invitacion/abc',
      },
      'Europe/Madrid',
    );
    // eslint-disable-next-line no-control-regex -- what must not be there
    const unsafe = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
    expect(subject).toBe(
      'Org Bcc: intruso@example.com [31m te invita al equipo de <b>Boda</b> & fiesta Bcc: intruso@example.com [31m',
    );
    expect(text).not.toMatch(unsafe);
    expect(html).not.toMatch(unsafe);
    expect(text.split('\n').filter((line) => /^Bcc:/.test(line))).toEqual([]);
    expect(text).toContain('Fechas: Del 04/07/2026 20:00 al 05/07/2026 04:00');
    expect(text).toContain('Rol: Barra (Solo el escáner)');
    expect(html).toContain('&lt;b&gt;Boda&lt;/b&gt; &amp; fiesta');
    expect(html).not.toContain('<b>Boda</b>');
  });
});
