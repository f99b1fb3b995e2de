/** Ticket-type names and texts with no schema behind them (no zod): any page may import them. */

export const modos = ['por_cantidad', 'temporal', 'intervalos_controlados'] as const;
export type Modo = (typeof modos)[number];

export const modoLabels: Record<Modo, string> = {
  por_cantidad: 'Por Cantidad',
  temporal: 'Barra Libre',
  intervalos_controlados: 'Intervalos Controlados',
};

interface LimitFields {
  modo: Modo;
  maxDrinks: number | null;
  durationMinutes: number | null;
  drinkIntervalMinutes: number | null;
}

/** The limit as the lists show it (docs/rules/constants.md). */
export function limitText(tipo: LimitFields): string {
  if (tipo.modo === 'por_cantidad' && tipo.maxDrinks) return `${tipo.maxDrinks} bebidas`;
  if (tipo.modo === 'temporal' && tipo.durationMinutes) return `${tipo.durationMinutes} minutos`;
  if (tipo.modo === 'intervalos_controlados' && tipo.drinkIntervalMinutes) {
    return `1 bebida cada ${tipo.drinkIntervalMinutes} min`;
  }
  return 'Sin límite';
}
