import type { ImportPreview, ImportResult } from '@drinkflow/domain/guest-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKey } from './get-order';
import { refreshOrderCounts } from './refresh-order-counts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/*
 * The file goes as its raw bytes. A spreadsheet (.xlsx) is sent with its real type; any other file
 * as text/csv, because Windows browsers call a .csv application/vnd.ms-excel. The server reads an
 * .xlsx by its bytes and decodes text as UTF-8 or Windows-1252.
 */
export const uploadType = (file: Blob) =>
  file.type === XLSX_TYPE || (file instanceof File && /\.xlsx$/i.test(file.name)) ? XLSX_TYPE : 'text/csv';

/** POST /api/eventos/{id}/importar/previsualizar — each row checked, nothing written. */
export const previewImport = (eventoId: number, file: Blob) =>
  api.upload<ImportPreview>(`/eventos/${eventoId}/importar/previsualizar`, file, uploadType(file));

export interface ImportGuestsInput {
  file: Blob;
  /** Leave out the rows the preview marks as duplicates (the server checks them again). */
  omitirDuplicados: boolean;
}

/** POST /api/eventos/{id}/importar — new orders and invalidated ones, in one transaction. */
export const importGuests = (eventoId: number, { file, omitirDuplicados }: ImportGuestsInput) =>
  api.upload<ImportResult>(
    `/eventos/${eventoId}/importar?omitirDuplicados=${omitirDuplicados}`,
    file,
    uploadType(file),
  );

export const usePreviewImport = (eventoId: number) =>
  useMutation({ mutationFn: (file: Blob) => previewImport(eventoId, file) });

export function useImportGuests(eventoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportGuestsInput) => importGuests(eventoId, input),
    onSuccess: (result) =>
      Promise.all([
        refreshOrderCounts(queryClient),
        // An order seen before the import would still show the tickets it invalidated as active.
        ...result.anulados.map(({ pedidoId }) =>
          queryClient.invalidateQueries({ queryKey: orderKey(pedidoId) }),
        ),
      ]),
  });
}
