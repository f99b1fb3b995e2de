import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportData } from '@/features/stats/components/export-data';
import { StatCards } from '@/features/stats/components/stat-cards';
import { busyNight } from '../support/statistics';

// docs/rules/festivals.md: the statistics show the event's top-ups (drinks added, euros taken) and export them.

const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!.parentElement!;

describe('statistics, top-ups', () => {
  it('shows the drinks added and the euros taken in a "Recargas" card', () => {
    render(<StatCards stats={{ ...busyNight(), recargas: { bebidas: 12, importe: 1234.5 } }} />);
    const recargas = card('Recargas');
    expect(within(recargas).getByText('12')).toBeInTheDocument();
    expect(recargas).toHaveTextContent(/Bebidas añadidas · 1234,50\s€/);
  });

  it('shows no card when the answer has no top-up figures', () => {
    render(<StatCards stats={{ ...busyNight(), recargas: undefined }} />);
    expect(screen.queryByRole('heading', { name: 'Recargas' })).not.toBeInTheDocument();
  });

  it('lists the top-ups among the CSV exports', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExportData eventoId={3} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Pedidos y tickets (CSV)',
      'Consumos (CSV)',
      'Escaneos (CSV)',
      'Recargas (CSV)',
    ]);
  });
});
