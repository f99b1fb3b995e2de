import type { EventStats } from '@drinkflow/domain/stats';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  barsTable,
  drinkPoints,
  drinksTable,
  refusalPoints,
  refusalsTable,
  sliceStroke,
  ticketStatePoints,
  ticketStateTable,
  timelinePoints,
  timelineTable,
} from '../utils/chart-data';
import { ChartCard } from './chart-card';

// This module (and recharts with it) loads only on the statistics page, after its figures.

const stateColours = { activo: '#16a34a', agotado: '#d97706', invalidado: '#dc2626', caducado: '#64748b' };
const axis = { fontSize: 12, fill: '#475569' };
// Redrawing the charts on every live update should not animate each time.
const still = { isAnimationActive: false } as const;
// The drawing is hidden from assistive technology (its table says the same): no keyboard stop either.

/** Consumption per hour, drinks, ticket states and bars; each with its table. */
export function StatsCharts({ stats }: { stats: EventStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Consumos por hora"
        description="Bebidas servidas en cada hora"
        data={timelineTable(stats)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={timelinePoints(stats)}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="hora" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Bar dataKey="cantidad" name="Consumos" fill="#2563eb" radius={[4, 4, 0, 0]} {...still} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Bebidas más servidas"
        description="Consumos por tipo de bebida"
        data={drinksTable(stats)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={drinkPoints(stats)}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axis} />
            <YAxis type="category" dataKey="tipoBebida" width={80} tick={axis} />
            <Tooltip />
            <Bar dataKey="cantidad" name="Consumos" fill="#7c3aed" radius={[0, 4, 4, 0]} {...still} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Estado de los tickets"
        description="Tickets por estado ahora"
        data={ticketStateTable(stats)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={ticketStatePoints(stats)}
              dataKey="cantidad"
              nameKey="nombre"
              innerRadius="45%"
              stroke={sliceStroke(ticketStatePoints(stats))}
              rootTabIndex={-1}
              {...still}
            >
              {ticketStatePoints(stats).map((point) => (
                <Cell key={point.estado} fill={stateColours[point.estado]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Consumos por barra"
        description="Bebidas servidas, escaneos rechazados y consumos deshechos"
        data={barsTable(stats)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={stats.porBarra}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="barra" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Legend />
            <Bar dataKey="consumos" name="Consumos" fill="#2563eb" {...still} />
            <Bar dataKey="rechazos" name="Rechazos" fill="#dc2626" {...still} />
            <Bar dataKey="deshechos" name="Deshechos" fill="#d97706" {...still} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard title="Rechazos por motivo" description="Escaneos rechazados" data={refusalsTable(stats)}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={refusalPoints(stats)}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axis} />
            <YAxis type="category" dataKey="motivo" width={120} tick={axis} />
            <Tooltip />
            <Bar dataKey="cantidad" name="Rechazos" fill="#dc2626" radius={[0, 4, 4, 0]} {...still} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
