import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, serveApi } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { noDrinks } from '../support/statistics';
import { figure, night, renderReport, routes, rowsOf } from './report-fixtures';

inMadridTimeZone();

describe('event report page', () => {
  beforeEach(stubResizeObserver);

  it('heads the report with the event, its dates in Spanish format and its place', async () => {
    serveApi(routes);
    renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Informe del evento' })).toBeInTheDocument();
    expect(screen.getByText('Boda Ana y Luis')).toBeInTheDocument();
    expect(screen.getByText('04/07/2030 20:00')).toBeInTheDocument();
    expect(screen.getByText('05/07/2030 04:00')).toBeInTheDocument();
    expect(screen.getByText('Sevilla')).toBeInTheDocument();
    expect(screen.getByText('Generado:').nextElementSibling?.textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(document.title).toBe('Informe — Boda Ana y Luis | DrinkFlow');
  });

  it('shows the figures, the drinks undone among them, and the performance summary', async () => {
    serveApi(routes);
    renderReport();
    await screen.findByRole('heading', { name: 'Informe del evento' });
    expect(figure('Total Consumos')).toEqual(['9', 'Bebidas servidas']);
    expect(figure('Total Asistentes')).toEqual(['4', 'Personas con tickets']);
    expect(figure('Promedio por Asistente')).toEqual(['2,25', 'Bebidas por persona']);
    expect(figure('Hora Pico')).toEqual(['23:00', '6 consumos']);
    expect(figure('Deshechos')).toEqual(['2', 'Consumos anulados']);
    expect(figure('Conflictos offline')).toEqual(['0', 'Servidos sin conexión fuera de las reglas']);
    const summary = screen.getByRole('region', { name: 'Resumen de rendimiento' });
    expect(summary).toHaveTextContent('ActividadEvento Activo');
    expect(summary).toHaveTextContent('ConsumoAlto Consumo');
    expect(summary).toHaveTextContent('TamañoEvento Pequeño');
  });

  it('counts the drinks served offline that the rules would have refused (docs/rules/offline-and-field.md)', async () => {
    serveApi({ ...routes, 'GET /api/stats/1': { ...night, conflictosOffline: 12_500 } });
    renderReport();
    await screen.findByRole('heading', { name: 'Informe del evento' });
    expect(figure('Conflictos offline')).toEqual(['12.500', 'Servidos sin conexión fuera de las reglas']);
  });

  it('lists the peak hours and every chart’s figures as tables', async () => {
    serveApi(routes);
    renderReport();
    expect(await rowsOf('Horas pico')).toEqual([
      ['Hora', 'Consumos'],
      ['23:00', '6'],
      ['00:00', '3'],
    ]);
    expect(await rowsOf('Consumos por hora')).toEqual([
      ['Hora', 'Consumos'],
      ['04/07/2030 23:00', '6'],
      ['05/07/2030 00:00', '3'],
    ]);
    expect(await rowsOf('Bebidas')).toEqual([
      ['Bebida', 'Consumos'],
      ['Cerveza', '5'],
      ['Copa', '4'],
    ]);
    expect(await rowsOf('Estado de los tickets')).toEqual([
      ['Estado', 'Tickets'],
      ['Activos', '2'],
      ['Agotados', '2'],
      ['Invalidados', '0'],
      ['Caducados', '0'],
    ]);
    expect(await rowsOf('Consumos por barra')).toEqual([
      ['Barra', 'Consumos', 'Rechazos', 'Deshechos'],
      ['Terraza', '6', '4', '2'],
      ['Sin barra', '3', '1', '0'],
    ]);
  });

  it('ends with the alerts fired during the event', async () => {
    serveApi(routes);
    renderReport();
    const alerts = await screen.findByRole('region', { name: 'Alertas' });
    expect(within(alerts).getByRole('listitem')).toHaveTextContent(
      'Barra sin escanearLa barra «Terraza» lleva 25 minutos sin escanear (umbral: 20 minutos).05/07/2030 00:40',
    );
  });

  it('names the refusals in Spanish, most frequent first, and leaves out reasons without any', async () => {
    serveApi(routes);
    renderReport();
    expect(await rowsOf('Rechazos por motivo')).toEqual([
      ['Motivo', 'Rechazos'],
      ['Antes del intervalo entre bebidas', '3'],
      ['desconocido', '1'],
      ['Límite de bebidas alcanzado', '1'],
    ]);
  });

  it('prints who served it: per device (its bar under the name on a phone) and per person', async () => {
    serveApi(routes);
    renderReport();
    expect(await rowsOf('Por dispositivo')).toEqual([
      ['Dispositivo', 'Barra', 'Consumos', 'Rechazos', 'Máx./min'],
      ['Móvil TerrazaTerraza', 'Terraza', '6', '4', '2'],
      ['Tablet de la entradaSin barra', 'Sin barra', '1', '1', '1'],
    ]);
    expect(await rowsOf('Por persona')).toEqual([
      ['Persona', 'Consumos', 'Rechazos'],
      ['Lucía Fernández', '7', '5'],
    ]);
    const datos = screen.getByRole('region', { name: 'Datos' });
    expect(within(datos).getByRole('table', { name: /^Por dispositivo/ })).toBeInTheDocument();
  });

  it('says Sin datos in the tables and charts of an event without drinks', async () => {
    serveApi({ ...routes, 'GET /api/stats/1': noDrinks() });
    renderReport();
    expect(await rowsOf('Horas pico')).toEqual([['Hora', 'Consumos'], ['Sin datos']]);
    expect(await rowsOf('Consumos por hora')).toEqual([['Hora', 'Consumos'], ['Sin datos']]);
    expect(await rowsOf('Rechazos por motivo')).toEqual([['Motivo', 'Rechazos'], ['Sin datos']]);
    expect(await rowsOf('Por persona')).toEqual([['Persona', 'Consumos', 'Rechazos'], ['Sin datos']]);
    expect(figure('Hora Pico')).toEqual(['--:--', 'Sin datos']);
    const charts = screen.getByRole('region', { name: 'Gráficos' });
    expect(within(charts).getAllByText('Sin datos')).toHaveLength(3);
  });

  it('prints with the browser and links back to the event’s statistics', async () => {
    serveApi(routes);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Volver a estadísticas' })).toHaveAttribute(
      'href',
      '/organizer/estadisticas?evento=1',
    );
  });

  it('says the event was not found when it is not the organizer’s', async () => {
    serveApi({ ...routes, 'GET /api/evento/1': failure(404, { message: 'x', error: 'not_found' }) });
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Evento no encontrado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a estadísticas' })).toBeInTheDocument();
  });

  it('says the event was not found for an address without a valid event id', async () => {
    serveApi(routes);
    renderReport('/organizer/estadisticas/abc/informe');
    expect(await screen.findByRole('heading', { name: 'Evento no encontrado' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the report', async () => {
    let statsCalls = 0;
    serveApi({
      ...routes,
      'GET /api/stats/1': () =>
        ++statsCalls === 1 ? failure(500, { message: 'x', error: 'internal' }) : night,
    });
    const { user } = renderReport();
    expect(await screen.findByText('No se pudo cargar el informe.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Informe del evento' })).toBeInTheDocument();
    expect(figure('Total Consumos')).toEqual(['9', 'Bebidas servidas']);
  });
});
