/*
 * Which API key this browser was paired under for each event: the staff home knows an event by its
 * id, the scanner's pairing store by its key. With it, 'Abrir escáner' reuses the pairing this
 * browser already holds instead of adding a device to the organizer's board on every tap.
 */

const KEY = 'drinkflow-barra-claves';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function pairedApiKeyFor(eventoId: number): string | null {
  const apiKey = read()[eventoId];
  return typeof apiKey === 'string' && apiKey ? apiKey : null;
}

export function rememberPairedApiKey(eventoId: number, apiKey: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), [eventoId]: apiKey }));
  } catch {
    // Not remembered: the next tap pairs again.
  }
}
