import { describe, expect, it } from 'vitest';
import { demoRequestBody } from '../src/demo-request';

const valid = { name: 'Lucía', email: 'lucia@example.com', acceptTerms: 'true' };

describe('demoRequestBody', () => {
  it('accepts the form as sent, with terms as text and empty optional fields as null', () => {
    expect(
      demoRequestBody.parse({
        ...valid,
        phone: '',
        eventType: '',
        guestCount: '',
        eventDate: '',
        message: ' ',
      }),
    ).toEqual({
      name: 'Lucía',
      email: 'lucia@example.com',
      phone: null,
      eventType: null,
      guestCount: null,
      eventDate: null,
      message: null,
      acceptTerms: true,
    });
  });

  it('keeps the event details a client sends', () => {
    const parsed = demoRequestBody.parse({
      ...valid,
      eventType: 'boda',
      guestCount: '120',
      eventDate: '2027-06-12',
    });
    expect(parsed).toMatchObject({ eventType: 'boda', guestCount: 120, eventDate: '2027-06-12' });
  });

  it.each([
    ['acceptTerms', { ...valid, acceptTerms: 'false' }],
    ['acceptTerms', { name: 'A', email: 'a@b.es' }],
    ['email', { ...valid, email: 'nope' }],
    ['name', { ...valid, name: '' }],
    ['eventType', { ...valid, eventType: 'funeral' }],
    ['guestCount', { ...valid, guestCount: '-3' }],
    ['eventDate', { ...valid, eventDate: 'mañana' }],
  ])('refuses an invalid %s', (field, body) => {
    const result = demoRequestBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });
});
