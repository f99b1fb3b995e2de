import { describe, expect, it } from 'vitest';
import {
  absoluteLink,
  guestLinkPath,
  whatsappLink,
  whatsappMessage,
  whatsappSendList,
} from '../src/whatsapp';

describe('guest links', () => {
  it('builds the path and the absolute link with or without a trailing slash', () => {
    expect(guestLinkPath('abc_DEF-123')).toBe('/t/abc_DEF-123');
    expect(absoluteLink('https://drinkflow.es', '/t/x')).toBe('https://drinkflow.es/t/x');
    expect(absoluteLink('https://drinkflow.es/', '/t/x')).toBe('https://drinkflow.es/t/x');
    expect(absoluteLink('https://drinkflow.es///', '/t/x')).toBe('https://drinkflow.es/t/x');
    expect(absoluteLink('https://drinkflow.es/app/', '/t/x')).toBe('https://drinkflow.es/app/t/x');
  });
});

describe('whatsappMessage', () => {
  it('greets by first name and gives one ticket’s link', () => {
    expect(
      whatsappMessage({ nombre: 'Ana García', evento: 'Boda Ana y Luis', links: ['https://d.es/t/a'] }),
    ).toBe('Hola Ana, aquí tienes tu ticket para Boda Ana y Luis: https://d.es/t/a');
  });

  it('lists every link of an order with several tickets, one a line', () => {
    expect(
      whatsappMessage({ nombre: 'Luis', evento: 'Fiesta', links: ['https://d.es/t/a', 'https://d.es/t/b'] }),
    ).toBe('Hola Luis, aquí tienes tus 2 tickets para Fiesta:\nhttps://d.es/t/a\nhttps://d.es/t/b');
  });

  it('greets by the first word when the name has spaces around it', () => {
    expect(whatsappMessage({ nombre: '  Ana   García ', evento: 'Fiesta', links: ['l'] })).toBe(
      'Hola Ana, aquí tienes tu ticket para Fiesta: l',
    );
  });

  it('still greets when the name is blank', () => {
    expect(whatsappMessage({ nombre: '  ', evento: 'Fiesta', links: ['l'] })).toBe(
      'Hola, aquí tienes tu ticket para Fiesta: l',
    );
  });
});

describe('whatsappLink', () => {
  it('opens wa.me with the number and the encoded message', () => {
    const message = 'Hola Ana, aquí tienes tu ticket para Boda & Co: https://d.es/t/a?b=1';
    const link = whatsappLink('34612345678', message);

    expect(link).toBe(
      'https://wa.me/34612345678?text=Hola%20Ana%2C%20aqu%C3%AD%20tienes%20tu%20ticket%20para%20Boda%20%26%20Co%3A%20https%3A%2F%2Fd.es%2Ft%2Fa%3Fb%3D1',
    );
    const url = new URL(link);
    expect(url.host).toBe('wa.me');
    expect(url.pathname).toBe('/34612345678');
    expect(url.searchParams.get('text')).toBe(message);
  });
});

describe('whatsappSendList', () => {
  it('parses the sending list and refuses a row without its links', () => {
    const row = {
      pedidoId: 1,
      nombreCompleto: 'Ana',
      telefonoWhatsapp: '34612345678',
      whatsappEnviadoEn: null,
      tickets: [{ id: 2, enlaceInvitado: '/t/x' }],
    };
    expect(whatsappSendList.parse([row])).toEqual([row]);
    expect(whatsappSendList.safeParse([{ ...row, tickets: undefined }]).success).toBe(false);
  });
});
