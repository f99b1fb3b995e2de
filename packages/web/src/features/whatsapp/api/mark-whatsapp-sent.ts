import type { Pedido } from '@drinkflow/domain/orders';
import type { WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { api, errorMessage } from '@/lib/api';
import { whatsappListKey } from './get-whatsapp-list';

/** POST (sent) or DELETE (undo) /api/pedidos/{id}/whatsapp-enviado — the order as it is now. */
export const markWhatsappSent = (pedidoId: number, sent: boolean) =>
  sent
    ? api.post<Pedido>(`/pedidos/${pedidoId}/whatsapp-enviado`)
    : api.delete<Pedido>(`/pedidos/${pedidoId}/whatsapp-enviado`);

/**
 * Marks an order of the event's sending list as sent or not. The list changes at once (the tap
 * that opened WhatsApp already happened); a refusal puts it back and says so.
 */
export function useMarkWhatsappSent(eventoId: number) {
  const queryClient = useQueryClient();
  const key = whatsappListKey(eventoId);
  const setSent = (pedidoId: number, at: string | null) =>
    queryClient.setQueryData<WhatsappSendItem[]>(key, (list) =>
      list?.map((item) => (item.pedidoId === pedidoId ? { ...item, whatsappEnviadoEn: at } : item)),
    );
  return useMutation({
    mutationFn: ({ pedidoId, sent }: { pedidoId: number; sent: boolean }) => markWhatsappSent(pedidoId, sent),
    onMutate: async ({ pedidoId, sent }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient
        .getQueryData<WhatsappSendItem[]>(key)
        ?.find((item) => item.pedidoId === pedidoId);
      setSent(pedidoId, sent ? new Date().toISOString() : null);
      return { before: before?.whatsappEnviadoEn ?? null };
    },
    onSuccess: (pedido) => {
      setSent(pedido.id, pedido.whatsappEnviadoEn);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['pedido', pedido.id] }),
        queryClient.invalidateQueries({ queryKey: ['pedidos'] }),
      ]);
    },
    onError: (error, { pedidoId }, context) => {
      setSent(pedidoId, context?.before ?? null);
      toast({
        title: 'Error',
        description: errorMessage(error, 'No se pudo guardar el envío. Inténtalo de nuevo.'),
        variant: 'destructive',
      });
    },
  });
}
