import type { EventStats } from '@drinkflow/domain/stats';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, XAxis, YAxis } from 'recharts';
import { drinkPoints, sliceStroke, ticketStatePoints, timelinePoints } from '@/features/stats';

/*
 * The statistics page's charts at a fixed size instead of a ResponsiveContainer: the browser lays a
 * page out again for paper without running scripts, so a chart sized by measuring the screen would
 * print at the screen's width. 300 px fits a 360 px phone and one of two columns of an A4 sheet.
 */
const size = { width: 300, height: 190 } as const;
const stateColours = { activo: '#16a34a', agotado: '#d97706', invalidado: '#dc2626', caducado: '#64748b' };
const axis = { fontSize: 11, fill: '#0f172a' };
// Drawn at once: printing during an animation would put half-grown bars on paper.
const still = { isAnimationActive: false } as const;

function ReportChart({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <figure className="min-w-0 break-inside-avoid">
      <figcaption className="pb-1 text-sm font-semibold text-slate-900">{title}</figcaption>
      {empty ? (
        <p className="text-sm text-slate-600">Sin datos</p>
      ) : (
        // The same figures are in the tables below: the drawing is left out for assistive technology.
        <div aria-hidden>{children}</div>
      )}
    </figure>
  );
}

/** Consumption per hour, drinks, ticket states and bars, drawn for paper. */
export function ReportCharts({ stats }: { stats: EventStats }) {
  const states = ticketStatePoints(stats);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ReportChart title="Consumos por hora" empty={stats.consumosPorHora.length === 0}>
        <BarChart
          {...size}
          accessibilityLayer={false}
          data={timelinePoints(stats)}
          margin={{ top: 8, right: 8, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hora" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} />
          <Bar dataKey="cantidad" name="Consumos" fill="#2563eb" {...still} />
        </BarChart>
      </ReportChart>

      <ReportChart title="Bebidas" empty={stats.bebidasPopulares.length === 0}>
        <BarChart
          {...size}
          accessibilityLayer={false}
          data={drinkPoints(stats)}
          layout="vertical"
          margin={{ top: 8, right: 16, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="tipoBebida" width={80} tick={axis} />
          <Bar dataKey="cantidad" name="Consumos" fill="#7c3aed" {...still} />
        </BarChart>
      </ReportChart>

      <ReportChart title="Estado de los tickets" empty={states.length === 0}>
        <PieChart {...size} accessibilityLayer={false}>
          <Pie
            data={states}
            dataKey="cantidad"
            nameKey="nombre"
            innerRadius="45%"
            stroke={sliceStroke(states)}
            rootTabIndex={-1}
            {...still}
          >
            {states.map((point) => (
              <Cell key={point.estado} fill={stateColours[point.estado]} />
            ))}
          </Pie>
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ReportChart>

      <ReportChart title="Consumos por barra" empty={stats.porBarra.length === 0}>
        <BarChart
          {...size}
          accessibilityLayer={false}
          data={stats.porBarra}
          margin={{ top: 8, right: 8, left: -16 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="barra" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="consumos" name="Consumos" fill="#2563eb" {...still} />
          <Bar dataKey="rechazos" name="Rechazos" fill="#dc2626" {...still} />
          <Bar dataKey="deshechos" name="Deshechos" fill="#d97706" {...still} />
        </BarChart>
      </ReportChart>
    </div>
  );
}
