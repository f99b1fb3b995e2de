import { FileBarChart, Inbox, Settings, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { sectionSearch } from '../utils/sections';

// Labels wrap on a phone instead of widening the card.
const action = 'h-auto min-h-10 justify-start py-2 text-left whitespace-normal';

/** Shortcuts to the panel's sections; the reports are still being built. */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold tracking-tight">Acciones Rápidas</h3>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className={action}>
          <Link to={{ search: sectionSearch('usuarios') }}>
            <Users className="h-4 w-4 shrink-0" aria-hidden />
            Gestionar usuarios
          </Link>
        </Button>
        <Button asChild variant="outline" className={action}>
          <Link to={{ search: sectionSearch('solicitudes') }}>
            <Inbox className="h-4 w-4 shrink-0" aria-hidden />
            Ver solicitudes de demo
          </Link>
        </Button>
        <Button asChild variant="outline" className={action}>
          <Link to={{ search: sectionSearch('configuracion') }}>
            <Settings className="h-4 w-4 shrink-0" aria-hidden />
            Configuración
          </Link>
        </Button>
        <Button variant="outline" className={action} disabled>
          <FileBarChart className="h-4 w-4 shrink-0" aria-hidden />
          Reportes Avanzados (en desarrollo)
        </Button>
      </CardContent>
    </Card>
  );
}
