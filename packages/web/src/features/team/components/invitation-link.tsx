import { INVITATION_DAYS } from '@drinkflow/domain/team';
import { Copy, MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/clipboard';

async function copyLink(url: string) {
  try {
    await copyText(url);
    toast({ title: 'Enlace copiado', description: 'Envíalo a la persona invitada.' });
  } catch {
    toast({
      title: 'No se pudo copiar',
      description: 'Copia el enlace manualmente.',
      variant: 'destructive',
    });
  }
}

/**
 * A pending member's invitation link, as the whole address to send (the API answers its path).
 * The server keeps only the token's hash, so the link shows while this page holds it. When the
 * server emailed it (SMTP configured and the mail server accepted it), it says so; otherwise the
 * link alone, for the owner to send.
 */
export function InvitationLink({ email, path, emailed }: { email: string; path: string; emailed: boolean }) {
  const url = `${window.location.origin}${path}`;
  return (
    <div className="grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-3">
      {emailed && (
        <p role="status" className="flex items-start gap-1.5 text-sm font-medium break-all text-emerald-800">
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Invitación enviada por email a {email}
        </p>
      )}
      <p className="text-sm font-medium text-slate-800">Enlace de invitación para {email}</p>
      <code
        data-testid="invitation-link"
        className="block rounded bg-white px-2 py-1.5 font-mono text-xs break-all"
      >
        {url}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => copyLink(url)}>
          <Copy className="h-4 w-4" aria-hidden />
          Copiar enlace
        </Button>
        <p className="text-xs text-slate-700">
          Dura {INVITATION_DAYS} días y solo sirve una vez. Quien lo abra crea su cuenta o entra con la suya.
        </p>
      </div>
    </div>
  );
}
