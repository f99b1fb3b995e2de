import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCreateOrder } from '@/features/orders/api/create-order';
import { useDeleteOrder } from '@/features/orders/api/delete-order';
import { emailProgressKey } from '@/features/orders/api/email-progress';
import { created, serveApi } from '../support/api-stub';
import { aPedido } from '../support/entities';

/** A query client holding an event's email progress, as 'Enviar tickets por email' left it. */
function withEmailProgress() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(emailProgressKey(1), {
    total: 3,
    sinEnviar: 3,
    enCola: 0,
    enviados: 0,
    fallidos: 0,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () => queryClient.getQueryState(emailProgressKey(1))?.isInvalidated;
  return { wrapper, stale };
}

// The bulk email dialog counts the event's orders; an order created or deleted elsewhere on the
// page must make it ask again, not show the old total when reopened.
describe('creating or deleting an order refreshes the email progress', () => {
  it('after a new order', async () => {
    serveApi({ 'POST /api/pedidos': created({ ...aPedido(), tickets: [] }) });
    const { wrapper, stale } = withEmailProgress();
    const { result } = renderHook(() => useCreateOrder(), { wrapper });
    expect(stale()).toBe(false);
    result.current.mutate({
      eventoId: 1,
      nombreCompleto: 'Ana',
      email: 'ana@example.com',
      telefono: '',
      ticketTypeId: 1,
      quantity: 1,
    });
    await waitFor(() => expect(stale()).toBe(true));
  });

  it('after a deleted order', async () => {
    serveApi({ 'DELETE /api/pedidos/5': { message: 'Pedido eliminado', id: 5 } });
    const { wrapper, stale } = withEmailProgress();
    const { result } = renderHook(() => useDeleteOrder(), { wrapper });
    result.current.mutate(5);
    await waitFor(() => expect(stale()).toBe(true));
  });
});
