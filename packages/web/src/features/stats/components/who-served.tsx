import type { EventStats } from '@drinkflow/domain/stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DevicesTable, PeopleTable } from './who-served-tables';

/**
 * 'Por dispositivo' and 'Por persona' (docs/rules/statistics.md): who served the drinks and
 * refused the scans. Drinks recorded before devices existed are in neither.
 */
export function WhoServed({ stats }: { stats: EventStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle id="por-dispositivo" className="text-lg">
            Por dispositivo
          </CardTitle>
          <CardDescription>
            Consumos, rechazos y el minuto con más consumos de cada dispositivo
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DevicesTable devices={stats.porDispositivo ?? []} labelledBy="por-dispositivo" />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle id="por-persona" className="text-lg">
            Por persona
          </CardTitle>
          <CardDescription>Consumos y rechazos de cada persona del equipo</CardDescription>
        </CardHeader>
        <CardContent>
          <PeopleTable people={stats.porPersona ?? []} labelledBy="por-persona" />
        </CardContent>
      </Card>
    </div>
  );
}
