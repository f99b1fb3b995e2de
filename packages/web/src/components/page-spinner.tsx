export function PageSpinner({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600">
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden
      />
      <span>{label}</span>
    </div>
  );
}
