import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** The public scanner's dark page, narrow enough for a phone held in one hand. */
export function ScannerShell({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-slate-950 px-3 py-3 text-slate-900 sm:px-6 sm:py-8">
      <div className="mx-auto w-full max-w-xl space-y-3 sm:space-y-4">{children}</div>
    </main>
  );
}

export function ScannerTitle() {
  return (
    <div className="flex items-baseline justify-between gap-2 text-white">
      <h1 className="text-xl font-bold sm:text-2xl">Escáner de Tickets</h1>
      <span className="text-sm font-semibold text-brand-100">DrinkFlow</span>
    </div>
  );
}

interface ScannerProblemProps {
  title: string;
  message: string;
  onRetry?(): void;
}

/** 'URL Inválida', an unknown key, or a server out of reach: what happened and what to do. */
export function ScannerProblem({ title, message, onRetry }: ScannerProblemProps) {
  return (
    <ScannerShell>
      <div className="mt-[15vh] rounded-xl bg-white p-6 text-center shadow-lg">
        <AlertTriangle className="mx-auto h-12 w-12 text-red-700" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        {onRetry && (
          <Button className="mt-4" onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </div>
    </ScannerShell>
  );
}
