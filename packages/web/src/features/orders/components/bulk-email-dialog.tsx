import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { LocalLinksWarning } from '@/components/local-links-warning';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { useEmailProgress, useSendEventEmails } from '../api/email-progress';
import { EmailNotConfigured } from './email-not-configured';

/** The event's emails as a bar: sent of all orders, with what waits and what failed. */
function EmailProgressBar({ eventoId }: { eventoId: number }) {
  const progress = useEmailProgress(eventoId);
  const data = progress.data;
  if (!data) return <p className="text-sm text-slate-600">Cargando el estado de los envíos...</p>;
  const percent = data.total === 0 ? 0 : Math.round((data.enviados / data.total) * 100);
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Emails enviados"
        aria-valuemin={0}
        aria-valuemax={data.total}
        aria-valuenow={data.enviados}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-green-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">
        {data.enviados} de {data.total} pedidos enviados · {data.enCola} en cola · {data.fallidos} fallidos ·{' '}
        {data.sinEnviar} sin enviar
      </p>
      {!data.configurado && <EmailNotConfigured />}
      {data.enlaces?.local && <LocalLinksWarning />}
    </div>
  );
}

/** 'Enviar tickets por email': every pending order of the event at once, with progress. */
export function BulkEmailDialog({ eventoId }: { eventoId: number }) {
  const [open, setOpen] = useState(false);
  const [soloPendientes, setSoloPendientes] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendEventEmails(eventoId);
  const progress = useEmailProgress(eventoId, open);
  const switchId = useId();

  const onSend = () => {
    setProblem(null);
    send.mutate(soloPendientes, {
      onSuccess: ({ enCola }) =>
        toast({
          title: enCola === 0 ? 'Nada que enviar' : 'Emails en cola',
          description:
            enCola === 0
              ? 'Todos los pedidos con email ya lo recibieron o están en cola.'
              : `${enCola} ${enCola === 1 ? 'pedido' : 'pedidos'} en cola de envío.`,
        }),
      onError: (error) =>
        setProblem(error instanceof ApiError ? error.message : 'No se pudieron enviar los emails.'),
    });
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Mail className="h-4 w-4" aria-hidden />
        Enviar tickets por email
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Enviar tickets por email</DialogTitle>
            <DialogDescription>
              Cada invitado recibe un email con el enlace de cada ticket y el PDF adjunto.
            </DialogDescription>
          </DialogHeader>
          {open && <EmailProgressBar eventoId={eventoId} />}
          <div className="flex items-center gap-3">
            <Switch id={switchId} checked={soloPendientes} onCheckedChange={setSoloPendientes} />
            <label htmlFor={switchId} className="text-sm text-slate-800">
              Solo pedidos pendientes (sin enviar o fallidos)
            </label>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cerrar
            </Button>
            <Button disabled={send.isPending || progress.data?.configurado === false} onClick={onSend}>
              {send.isPending ? 'Enviando...' : 'Enviar'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
