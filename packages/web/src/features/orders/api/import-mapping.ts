import type { ImportMapping, ImportMappingBody } from '@drinkflow/domain/guest-import';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * PUT /api/eventos/{id}/importar/mapeo — remembers, for the event, which field each column holds
 * and which ticket type each type text of the file means. The given entries replace the stored ones
 * of the same key (the server normalises headers and texts); the others stay.
 */
export const saveImportMapping = (eventoId: number, mapping: ImportMappingBody) =>
  api.put<ImportMapping>(`/eventos/${eventoId}/importar/mapeo`, mapping);

export const useSaveImportMapping = (eventoId: number) =>
  useMutation({ mutationFn: (mapping: ImportMappingBody) => saveImportMapping(eventoId, mapping) });
