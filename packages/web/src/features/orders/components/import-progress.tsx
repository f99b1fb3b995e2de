/** The import is running: one request, whose progress is unknown, so the bar only shows work going on. */
export function ImportProgress() {
  return (
    <div role="status" className="space-y-2">
      <p className="text-sm text-slate-700">Importando invitados, no cierres esta ventana...</p>
      <div role="progressbar" aria-label="Importando invitados" className="h-2 rounded-full bg-slate-200">
        <div className="h-full w-full animate-pulse rounded-full bg-brand-700" />
      </div>
    </div>
  );
}
