import { apiKeyBody } from '@drinkflow/domain/events';
import { AlertTriangle, Copy, ExternalLink, Eye, EyeOff, KeyRound, Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { useRegenerateApiKey, useUpdateApiKey } from '../api/api-key';

const mask = (key: string) => '•'.repeat(Math.min(key.length, 24));

async function copy(text: string) {
  try {
    await copyText(text);
    toast({ title: 'Copiado', description: 'Texto copiado al portapapeles' });
  } catch {
    toast({ title: 'No se pudo copiar', description: 'Copia el texto manualmente.', variant: 'destructive' });
  }
}

export function ApiKeyPanel({ eventId, apiKey }: { eventId: number; apiKey: string }) {
  const [visible, setVisible] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateApiKey(eventId);
  const regenerate = useRegenerateApiKey(eventId);
  const scannerUrl = `${window.location.origin}${paths.scanner(apiKey)}`;

  function save() {
    const parsed = apiKeyBody.safeParse({ apiKey: draft });
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(parsed.data.apiKey, {
      onSuccess: () => {
        toast({ title: 'API Key actualizada', description: 'Los escáneres deben usar la nueva URL.' });
        setEditing(false);
      },
      onError: (error) => {
        setDraftError(errorMessage(error, 'No se pudo guardar la API Key.'));
        toast({
          title: 'Error al actualizar la API Key',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        });
      },
    });
  }

  function confirmRegenerate() {
    regenerate.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'API Key regenerada', description: 'La clave anterior ha dejado de funcionar.' });
        setConfirming(false);
      },
      onError: (error) =>
        toast({
          title: 'Error al regenerar la API Key',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound className="h-5 w-5 text-brand-700" aria-hidden />
          API Key del Escáner
        </CardTitle>
        <CardDescription>El personal de barra escanea sin iniciar sesión usando esta clave.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {editing ? (
          <div className="grid gap-2">
            <Label htmlFor="api-key-input">Nueva API Key</Label>
            <Input
              id="api-key-input"
              value={draft}
              maxLength={128}
              autoComplete="off"
              aria-invalid={!!draftError}
              aria-describedby={draftError ? 'api-key-error' : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setDraftError(undefined);
              }}
            />
            <FieldError id="api-key-error" message={draftError} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={save} disabled={update.isPending}>
                {update.isPending ? 'Guardando...' : 'Guardar API Key'}
              </Button>
              <Button variant="outline" onClick={() => setEditing(false)} disabled={update.isPending}>
                Cancelar
              </Button>
            </div>
          </div>
        ) : (
          <div className="grid gap-3">
            <div className="flex items-center gap-2">
              <code
                data-testid="api-key"
                className="min-w-0 flex-1 truncate rounded-md bg-slate-100 px-3 py-2 font-mono text-sm"
              >
                {visible ? apiKey : mask(apiKey)}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label={visible ? 'Ocultar API Key' : 'Mostrar API Key'}
                onClick={() => setVisible((value) => !value)}
              >
                {visible ? (
                  <EyeOff className="h-4 w-4" aria-hidden />
                ) : (
                  <Eye className="h-4 w-4" aria-hidden />
                )}
              </Button>
              <Button variant="outline" size="icon" aria-label="Copiar API Key" onClick={() => copy(apiKey)}>
                <Copy className="h-4 w-4" aria-hidden />
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setDraft(apiKey);
                  setDraftError(undefined);
                  setEditing(true);
                }}
              >
                <Pencil className="h-4 w-4" aria-hidden />
                Editar API Key
              </Button>
              <Button variant="outline" onClick={() => setConfirming(true)}>
                <RefreshCw className="h-4 w-4" aria-hidden />
                Regenerar API Key
              </Button>
            </div>
          </div>
        )}
        <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            Cambiar o regenerar la API Key detiene a la vez todas las barras que usan la clave anterior. Para
            cortar un solo móvil, revócalo en el tablero{' '}
            <Link className="font-medium underline" to={paths.organizer.eventDevices(eventId)}>
              Dispositivos
            </Link>
            .
          </span>
        </p>
        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-800">URL del escáner</p>
          <code
            data-testid="scanner-url"
            className="block rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all"
          >
            {visible ? scannerUrl : `${window.location.origin}/scanner/${mask(apiKey)}`}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => copy(scannerUrl)}>
              <Copy className="h-4 w-4" aria-hidden />
              Copiar URL
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={scannerUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden />
                Abrir Escáner
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </Button>
          </div>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Regenerar API Key?"
        description="Se creará una clave nueva y todas las barras que usen la actual dejarán de escanear a la vez. Para cortar un solo móvil, revócalo en el tablero Dispositivos."
        confirmLabel="Regenerar"
        pendingLabel="Regenerando..."
        pending={regenerate.isPending}
        onConfirm={confirmRegenerate}
      />
    </Card>
  );
}
