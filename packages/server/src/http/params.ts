import { idParam } from '@drinkflow/domain/ids';
import { z } from 'zod';

// Ids in paths stop at the database's integer range (docs/rules/operations.md): a larger one is invalid input.
export const idParams = z.object({ id: idParam('El id') });
export const eventoIdParams = z.object({ eventoId: idParam('El id del evento') });
export const userIdParams = z.object({ userId: idParam('El id de usuario') });
export const pedidoIdParams = z.object({ pedidoId: idParam('El id del pedido') });
