import { alertText, alertTitles, type Alerta } from '@drinkflow/domain/alerts';
import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The newest alert that fired while the page was open, until the organizer dismisses it. */
export function NewAlertBanner({ alert, onDismiss }: { alert: Alerta; onDismiss(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <BellRing className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Nueva alerta: {alertTitles[alert.tipo]}</p>
          <p className="text-sm break-words">{alertText(alert)}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onDismiss} className="self-start">
        Entendido
      </Button>
    </div>
  );
}
