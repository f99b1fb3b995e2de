import { z } from 'zod';

/** The largest id the database holds (PostgreSQL `integer`, docs/rules/operations.md). */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive integer the database can hold. */
export const idNumber = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An id in a path or query string: the text of a positive integer the database can hold. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un entero`)
    .positive(`${name} debe ser positivo`)
    .max(MAX_ID, `${name} no es válido`);
