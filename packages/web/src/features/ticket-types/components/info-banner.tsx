import { Info } from 'lucide-react';

/** docs/rules/screens.md: what the screen is for, with one event or with all of them. */
export function InfoBanner({ allEvents }: { allEvents: boolean }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        {allEvents
          ? 'Visualiza y gestiona todos los tipos de ticket de tus eventos.'
          : 'Configura límites por horarios, cantidades totales o intervalos de tiempo.'}
      </p>
    </div>
  );
}
