import { z } from 'zod';

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un entero`)
    .positive(`${name} debe ser positivo`);

export const idParams = z.object({ id: positiveId('El id') });
export const eventoIdParams = z.object({ eventoId: positiveId('El id del evento') });
export const userIdParams = z.object({ userId: positiveId('El id de usuario') });
