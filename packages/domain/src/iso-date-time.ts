import { z } from 'zod';

/** An ISO-8601 date-time with offset or Z, as the wire carries it (DECISIONS §1). */
export const isoDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
      message,
    );
