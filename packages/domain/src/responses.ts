import { z } from 'zod';

/** What a successful DELETE answers: a sentence for a toast and the id that is gone. */
export const deletedResponse = z.object({ message: z.string(), id: z.number().int().positive() });
export type DeletedResponse = z.infer<typeof deletedResponse>;

/** An answer with no body (204). */
export const noContent = z.null().describe('Sin contenido');
