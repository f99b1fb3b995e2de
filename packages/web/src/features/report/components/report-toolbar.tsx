import { ArrowLeft, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

/** The way back and the print button: on screen only, never on paper. */
export function ReportToolbar({ eventoId, canPrint }: { eventoId: number | null; canPrint: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
      <Button asChild variant="ghost" size="sm">
        <Link to={eventoId === null ? paths.organizer.stats : `${paths.organizer.stats}?evento=${eventoId}`}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver a estadísticas
        </Link>
      </Button>
      {canPrint && (
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden />
          Imprimir
        </Button>
      )}
    </div>
  );
}
