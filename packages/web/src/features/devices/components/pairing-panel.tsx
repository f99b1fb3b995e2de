import type { Pairing } from '@drinkflow/domain/devices';
import { can, type EventRole } from '@drinkflow/domain/team';
import { MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreatePairing } from '../api/pairing';
import { PairingCode } from './pairing-code';

/**
 * "Emparejar un dispositivo" on the event's page (docs/rules/devices.md): a code and its QR that a
 * bar's phone opens to become one of the event's authorized devices, and the way to the board.
 * Shown only to the roles that manage devices; an admin reading (no role) sees it as the owner.
 */
export function PairingPanel({ eventId, miRol }: { eventId: number; miRol?: EventRole }) {
  const create = useCreatePairing(eventId);
  const [current, setCurrent] = useState<{ pairing: Pairing; receivedAt: number } | null>(null);
  if (!can(miRol ?? 'propietario', 'dispositivos')) return null;

  function newCode() {
    create.mutate(undefined, {
      onSuccess: (pairing) => setCurrent({ pairing, receivedAt: Date.now() }),
      onError: (error) =>
        toast({
          title: 'No se pudo crear el código',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Smartphone className="h-5 w-5 text-brand-700" aria-hidden />
          Emparejar un dispositivo
        </CardTitle>
        <CardDescription>
          Cada móvil de barra emparejado escanea con su propia autorización, y puedes revocarlo solo a él.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {current ? (
          <PairingCode
            pairing={current.pairing}
            receivedAt={current.receivedAt}
            creating={create.isPending}
            onNewCode={newCode}
          />
        ) : (
          <Button onClick={newCode} disabled={create.isPending}>
            <Smartphone className="h-4 w-4" aria-hidden />
            {create.isPending ? 'Creando...' : 'Crear código de emparejamiento'}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={paths.organizer.eventDevices(eventId)}>
            <MonitorSmartphone className="h-4 w-4" aria-hidden />
            Ver dispositivos
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
