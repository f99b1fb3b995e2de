import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { emailProgressRootKey } from './email-progress';
import { orderKey } from './get-order';
import { ordersKey } from './get-orders';

/** POST /api/pedidos/{id}/enviar — queues the order's email (202 `{estado:'en_cola'}`). */
export const sendOrderEmail = (id: number) => api.post<{ estado: 'en_cola' }>(`/pedidos/${id}/enviar`);

export function useSendOrderEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOrderEmail,
    onSuccess: (_result, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKey(id) }),
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        // The event's counts changed too (the bulk dialog, and whether the list shows email states).
        queryClient.invalidateQueries({ queryKey: emailProgressRootKey }),
      ]),
  });
}
