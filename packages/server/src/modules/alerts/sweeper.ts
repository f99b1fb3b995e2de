import type { FastifyBaseLogger } from 'fastify';
import type { AlertService } from './service';

/**
 * Every `intervalMs`, checks the thresholds of every running event, watched or not: a bar that
 * falls silent sends no scan to react to, and alerts must be on record for the report afterwards.
 * Every server process sweeps; the evaluation's advisory lock keeps the alerts single.
 */
export function startAlertSweeper(alerts: AlertService, log: FastifyBaseLogger, intervalMs: number) {
  let running: Promise<void> | null = null;

  async function sweep() {
    try {
      for (const eventoId of await alerts.eventsToWatch()) await alerts.evaluate(eventoId);
    } catch (error) {
      log.error({ err: error }, 'alertas: no se pudieron comprobar los umbrales');
    }
  }

  const timer = setInterval(() => {
    running ??= sweep().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
