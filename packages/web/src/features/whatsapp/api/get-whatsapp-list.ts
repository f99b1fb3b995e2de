import type { WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const whatsappListKey = (eventoId: number) => ['envios-whatsapp', eventoId] as const;

/** GET /api/eventos/{id}/envios-whatsapp — every order of the event, its phone and ticket links. */
export const getWhatsappList = (eventoId: number) =>
  api.get<WhatsappSendItem[]>(`/eventos/${eventoId}/envios-whatsapp`);

export const whatsappListQueryOptions = (eventoId: number) =>
  queryOptions({ queryKey: whatsappListKey(eventoId), queryFn: () => getWhatsappList(eventoId) });

export const useWhatsappList = (eventoId: number) =>
  useQuery({ ...whatsappListQueryOptions(eventoId), enabled: Number.isInteger(eventoId) && eventoId > 0 });
