import type { ThrottlePolicy } from '../../http/rate-limits';

export const SESSION_DAYS = 30;

/** docs/rules/accounts-and-roles.md: failed logins, per email and per client address. */
export const loginLimits = {
  perEmail: 10,
  perAddress: 50,
  policy: {
    windowMinutes: 15,
    message: 'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.',
  },
} as const satisfies { policy: ThrottlePolicy } & Record<string, unknown>;

/** New accounts per client address: each one costs an argon2 hash (docs/decisions/008). */
export const registrationLimits = {
  defaultPerAddress: 20,
  policy: {
    windowMinutes: 60,
    message: 'Demasiados registros desde esta conexión. Vuelve a intentarlo más tarde.',
  },
} as const satisfies { policy: ThrottlePolicy } & Record<string, unknown>;

/** Wrong current passwords per account: a stolen session must not be able to guess it. */
export const passwordChangeLimits = {
  perUser: 10,
  policy: {
    windowMinutes: 15,
    message: 'Demasiados intentos con una contraseña actual incorrecta. Espera unos minutos.',
  },
} as const satisfies { policy: ThrottlePolicy } & Record<string, unknown>;
