import { Construction } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** A section of the panel that is not built yet (docs/rules/screens.md: "en desarrollo"). */
export function InDevelopmentSection({ title }: { title: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <Construction className="h-10 w-10 text-amber-600" aria-hidden />
      <p className="font-medium text-slate-900">Sección en desarrollo</p>
      <p className="text-sm text-slate-600">
        {title} estará disponible en una próxima versión del panel de administración.
      </p>
    </Card>
  );
}
