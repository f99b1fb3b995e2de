import type { DispositivoStats, PersonaStats } from '@drinkflow/domain/stats';
import { SIN_BARRA } from '@drinkflow/domain/stats-summary';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-count';
import { cn } from '@/lib/utils';

// Who served it (docs/rules/statistics.md, docs/decisions/061), as compact tables that fit a
// 360 px phone without a scroll box: names wrap, figures keep their width, and on a phone a
// device's bar is a line under its name instead of a column of its own.

// On a phone the headers are a size smaller and the gaps narrower: 'Dispositivo', 'Consumos',
// 'Rechazos' and 'Máx./min' do not wrap, and at the page's size they are wider than 360 px.
const head = 'px-1.5 py-1.5 text-xs font-semibold text-slate-700 sm:px-2 sm:text-sm';
const cell = 'px-1.5 py-1.5 align-top sm:px-2';
const figure = `${cell} text-right tabular-nums`;

/** The table's name: a visible caption (the report), or the id of the heading that names it (a card). */
type Named = { caption: ReactNode; labelledBy?: never } | { caption?: never; labelledBy: string };

function Shell({ named, columns, children }: { named: Named; columns: ReactNode; children: ReactNode }) {
  return (
    <table className="w-full border-collapse text-sm" aria-labelledby={named.labelledBy}>
      {named.caption && <caption className="pb-1 text-left">{named.caption}</caption>}
      <thead>
        <tr className="border-b-2 border-slate-300">{columns}</tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const NoRows = ({ span }: { span: number }) => (
  <tr>
    <td colSpan={span} className={cn(cell, 'text-slate-600')}>
      Sin datos
    </td>
  </tr>
);

/** Drinks, refusals and busiest minute of each device; its bar under the name on a phone. */
export function DevicesTable({ devices, ...named }: { devices: readonly DispositivoStats[] } & Named) {
  return (
    <Shell
      named={named}
      columns={
        <>
          <th scope="col" className={cn(head, 'text-left')}>
            Dispositivo
          </th>
          <th scope="col" className={cn(head, 'hidden text-left sm:table-cell')}>
            Barra
          </th>
          <th scope="col" className={cn(head, 'text-right')}>
            Consumos
          </th>
          <th scope="col" className={cn(head, 'text-right')}>
            Rechazos
          </th>
          <th scope="col" className={cn(head, 'text-right')}>
            Máx./min
          </th>
        </>
      }
    >
      {devices.length === 0 ? (
        <NoRows span={5} />
      ) : (
        devices.map((device) => (
          <tr key={device.dispositivoId} className="break-inside-avoid border-b border-slate-200">
            <td className={cn(cell, 'wrap-anywhere text-slate-900')}>
              {device.nombre}
              <span className="block text-xs text-slate-600 sm:hidden">{device.barra ?? SIN_BARRA}</span>
            </td>
            <td className={cn(cell, 'hidden wrap-anywhere sm:table-cell')}>{device.barra ?? SIN_BARRA}</td>
            <td className={figure}>{formatCount(device.consumos)}</td>
            <td className={figure}>{formatCount(device.rechazos)}</td>
            <td className={figure}>{formatCount(device.maxPorMinuto)}</td>
          </tr>
        ))
      )}
    </Shell>
  );
}

/** Drinks and refusals of each person of the team, through their devices. */
export function PeopleTable({ people, ...named }: { people: readonly PersonaStats[] } & Named) {
  return (
    <Shell
      named={named}
      columns={
        <>
          <th scope="col" className={cn(head, 'text-left')}>
            Persona
          </th>
          <th scope="col" className={cn(head, 'text-right')}>
            Consumos
          </th>
          <th scope="col" className={cn(head, 'text-right')}>
            Rechazos
          </th>
        </>
      }
    >
      {people.length === 0 ? (
        <NoRows span={3} />
      ) : (
        people.map((person) => (
          <tr key={person.usuarioId} className="break-inside-avoid border-b border-slate-200">
            <td className={cn(cell, 'wrap-anywhere text-slate-900')}>{person.nombre}</td>
            <td className={figure}>{formatCount(person.consumos)}</td>
            <td className={figure}>{formatCount(person.rechazos)}</td>
          </tr>
        ))
      )}
    </Shell>
  );
}
