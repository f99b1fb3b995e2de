import type { ImportPreview, ImportResult } from '@drinkflow/domain/guest-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrderCounts } from './refresh-order-counts';

/*
 * The file goes as its raw bytes, always labelled text/csv: Windows browsers call a .csv
 * application/vnd.ms-excel, which the server refuses. The server decodes UTF-8 or Windows-1252.
 */

/** POST /api/eventos/{id}/importar/previsualizar — each row checked, nothing written. */
export const previewImport = (eventoId: number, file: Blob) =>
  api.upload<ImportPreview>(`/eventos/${eventoId}/importar/previsualizar`, file, 'text/csv');

export interface ImportGuestsInput {
  file: Blob;
  /** Leave out the rows the preview marks as duplicates (the server checks them again). */
  omitirDuplicados: boolean;
}

/** POST /api/eventos/{id}/importar — an order per valid row, in one transaction. */
export const importGuests = (eventoId: number, { file, omitirDuplicados }: ImportGuestsInput) =>
  api.upload<ImportResult>(
    `/eventos/${eventoId}/importar?omitirDuplicados=${omitirDuplicados}`,
    file,
    'text/csv',
  );

export const usePreviewImport = (eventoId: number) =>
  useMutation({ mutationFn: (file: Blob) => previewImport(eventoId, file) });

export function useImportGuests(eventoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportGuestsInput) => importGuests(eventoId, input),
    onSuccess: () => refreshOrderCounts(queryClient),
  });
}
