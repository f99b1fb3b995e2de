import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config';
import { describeSendError, fromHeader, messageIdDomain } from '../../src/modules/email/mailer';

describe('email configuration (SMTP_URL, MAIL_FROM, PUBLIC_URL, EMAIL_POLL_MS)', () => {
  it('is off without SMTP_URL', () => {
    expect(readConfig({}).email).toBeUndefined();
    expect(readConfig({ SMTP_URL: '  ', MAIL_FROM: 'a@b.es' }).email).toBeUndefined();
  });

  it('reads smtp:// and smtps:// URLs, the sender, the public base and the poll interval', () => {
    expect(
      readConfig({
        SMTP_URL: 'smtps://user:pa%40ss@mail.example.org:465',
        MAIL_FROM: 'DrinkFlow <entradas@example.org>',
        PUBLIC_URL: 'https://drinkflow.example.org/',
        EMAIL_POLL_MS: '2000',
      }).email,
    ).toEqual({
      smtpUrl: 'smtps://user:pa%40ss@mail.example.org:465',
      from: 'DrinkFlow <entradas@example.org>',
      publicUrl: 'https://drinkflow.example.org',
      pollMs: 2000,
    });
    expect(readConfig({ SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'a@b.es', PORT: '8080' }).email).toMatchObject(
      {
        publicUrl: 'http://localhost:8080',
        pollMs: 5000,
      },
    );
  });

  it('refuses other schemes, a missing MAIL_FROM and a relative PUBLIC_URL, never echoing the password', () => {
    const attempt = (env: NodeJS.ProcessEnv) => {
      try {
        readConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(attempt({ SMTP_URL: 'http://user:topsecret@mail', MAIL_FROM: 'a@b.es' })).not.toContain(
      'topsecret',
    );
    expect(attempt({ SMTP_URL: 'not a url topsecret', MAIL_FROM: 'a@b.es' })).not.toContain('topsecret');
    expect(attempt({ SMTP_URL: 'smtp://user:topsecret@mail' })).toMatch(/MAIL_FROM/);
    expect(attempt({ SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.es', PUBLIC_URL: '/relativa' })).toMatch(
      /PUBLIC_URL/,
    );
    expect(attempt({ SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.es', EMAIL_POLL_MS: '0' })).toMatch(
      /EMAIL_POLL_MS/,
    );
  });
});

describe('the sender and the failure reasons', () => {
  it('names the organizer in From, at MAIL_FROM’s address', () => {
    expect(fromHeader('DrinkFlow <entradas@example.org>', 'Lucía García')).toEqual({
      name: 'Lucía García vía DrinkFlow',
      address: 'entradas@example.org',
    });
    expect(fromHeader('entradas@example.org', 'Ana')).toEqual({
      name: 'Ana vía DrinkFlow',
      address: 'entradas@example.org',
    });
  });

  it('puts every Message-ID on MAIL_FROM’s domain, or a reserved one when it has none', () => {
    expect(messageIdDomain('DrinkFlow <Entradas@Example.ORG>')).toBe('example.org');
    expect(messageIdDomain('entradas@fiesta.example.org')).toBe('fiesta.example.org');
    expect(messageIdDomain('entradas')).toBe('drinkflow.invalid');
    expect(messageIdDomain('x@localhost')).toBe('drinkflow.invalid');
  });

  it('explains SMTP failures in Spanish without credentials', () => {
    expect(describeSendError({ code: 'EAUTH', responseCode: 535 })).toBe(
      'El servidor de correo rechazó el usuario o la contraseña',
    );
    expect(describeSendError({ code: 'ECONNECTION' })).toBe('No se pudo conectar con el servidor de correo');
    expect(describeSendError({ code: 'ETIMEDOUT' })).toBe('El servidor de correo no respondió a tiempo');
    expect(describeSendError({ code: 'EENVELOPE', responseCode: 451, response: '451 4.7.1 Try later' })).toBe(
      'El servidor de correo no aceptó el mensaje por ahora (451 4.7.1 Try later)',
    );
    expect(describeSendError(new Error('boom at smtp://u:topsecret@host:25'))).not.toContain('topsecret');
    expect(describeSendError({ responseCode: 550, response: 'x'.repeat(1000) }).length).toBeLessThanOrEqual(
      300,
    );
  });
});
