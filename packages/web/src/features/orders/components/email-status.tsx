import { envioEstadoLabels, type Envio } from '@drinkflow/domain/email';
import type { Pedido } from '@drinkflow/domain/orders';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useEmailProgress } from '../api/email-progress';
import { orderKey } from '../api/get-order';
import { useSendOrderEmail } from '../api/send-order-email';
import { EmailNotConfigured } from './email-not-configured';

const tones = { sin_enviar: 'neutral', en_cola: 'blue', enviado: 'green', fallido: 'red' } as const;

/** 'Enviado', 'En cola', 'Fallido: <reason>' or 'Sin enviar' (docs/rules/guests.md). */
export function emailStatusText(envio: Envio): string {
  switch (envio.estado) {
    case 'enviado':
      return 'Enviado';
    case 'en_cola':
      return 'En cola';
    case 'fallido':
      return `Fallido: ${envio.ultimoError ?? 'motivo desconocido'}`;
    default:
      return 'Sin enviar';
  }
}

/**
 * The email's state as a badge. `compact` (a list's cell) says only 'Fallido', with the reason as
 * the tooltip; the order's page spells the reason out.
 */
export function EmailStatusBadge({ envio, compact = false }: { envio: Envio; compact?: boolean }) {
  if (!compact) {
    // A failure's reason can be a long server answer: it wraps rather than widen a phone's screen.
    const wraps = envio.estado === 'fallido' ? 'rounded-md whitespace-normal [overflow-wrap:anywhere]' : '';
    return (
      <Badge tone={tones[envio.estado]} className={wraps}>
        {emailStatusText(envio)}
      </Badge>
    );
  }
  return (
    <Badge tone={tones[envio.estado]} title={envio.ultimoError ?? undefined}>
      {envioEstadoLabels[envio.estado]}
    </Badge>
  );
}

/** How often an order whose email waits in the queue is read again. */
const QUEUED_REFRESH_MS = 3000;

/**
 * The order's email: its state, when it went out, and 'Enviar por email' / 'Reenviar' — disabled,
 * with the reason, when this server cannot send email (the event's progress says so, as in the
 * bulk dialog).
 */
export function OrderEmailStatus({ pedido }: { pedido: Pedido }) {
  const { envio } = pedido;
  const send = useSendOrderEmail();
  const notConfigured = useEmailProgress(pedido.evento.id).data?.configurado === false;
  const notConfiguredId = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (envio.estado !== 'en_cola') return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: orderKey(pedido.id) }),
      QUEUED_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [envio.estado, pedido.id, queryClient]);

  const onSend = () => {
    setProblem(null);
    send.mutate(pedido.id, {
      onSuccess: () => toast({ title: 'Email en cola', description: `Se enviará a ${pedido.email}.` }),
      onError: (error) =>
        setProblem(
          error instanceof ApiError ? error.message : 'No se pudo enviar el email. Inténtalo de nuevo.',
        ),
    });
  };

  const label = envio.estado === 'sin_enviar' ? 'Enviar por email' : 'Reenviar';
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId} className="text-lg">
          Envío por email
        </CardTitle>
        {envio.estado !== 'en_cola' && (
          <Button
            variant="outline"
            size="sm"
            disabled={send.isPending || pedido.totalTickets === 0 || notConfigured}
            aria-describedby={notConfigured ? notConfiguredId : undefined}
            onClick={onSend}
          >
            {envio.estado === 'sin_enviar' ? (
              <Mail className="h-4 w-4" aria-hidden />
            ) : (
              <RotateCw className="h-4 w-4" aria-hidden />
            )}
            {send.isPending ? 'Enviando...' : label}
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="sr-only">Estado del email:</span>
          <EmailStatusBadge envio={envio} />
          {envio.estado === 'enviado' && envio.enviadoEn && <span>el {formatDateTime(envio.enviadoEn)}</span>}
          {envio.estado === 'en_cola' && envio.intentos > 0 && (
            <span>
              Intento {envio.intentos}
              {envio.ultimoError ? ` fallido: ${envio.ultimoError}. Se reintentará.` : ''}
            </span>
          )}
        </p>
        {notConfigured && envio.estado !== 'en_cola' && <EmailNotConfigured id={notConfiguredId} />}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
