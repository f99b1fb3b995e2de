import { describe, expect, it } from 'vitest';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { sentCountText } from '@/features/whatsapp/utils/sent-count-text';

describe('whatsappHref', () => {
  const order = {
    telefono: '34612345678',
    nombre: 'Ana Martín',
    evento: 'Cena de Gala',
    enlaces: ['/t/abc123', '/t/def456'],
    base: 'https://drinkflow.example',
  };

  it("opens wa.me with the number and a Spanish message with each ticket's absolute link", () => {
    const href = whatsappHref(order)!;
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/34612345678');
    const text = url.searchParams.get('text')!;
    expect(text).toContain('Hola Ana');
    expect(text).toContain('Cena de Gala');
    expect(text).toContain('https://drinkflow.example/t/abc123');
    expect(text).toContain('https://drinkflow.example/t/def456');
  });

  it('is null without a usable number or without tickets', () => {
    expect(whatsappHref({ ...order, telefono: null })).toBeNull();
    expect(whatsappHref({ ...order, enlaces: [] })).toBeNull();
  });
});

describe('sentCountText', () => {
  it('counts the orders sent of all', () => {
    expect(sentCountText(12, 150)).toBe('12 de 150 enviados');
    expect(sentCountText(0, 1)).toBe('0 de 1 enviado');
  });
});
