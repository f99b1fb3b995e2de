import { Lightbulb } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { looksLikeFestival, type EventFormValues } from '../utils/event-form-values';

interface AuthorizedDevicesFieldProps {
  id(field: string): string;
  values: EventFormValues;
  onChange(patch: Partial<EventFormValues>): void;
}

/**
 * "Solo dispositivos autorizados" (docs/rules/devices.md): off, anyone with the scanner's link
 * scans, as a wedding wants; on, each bar's phone must be paired first, and can be revoked alone.
 */
export function AuthorizedDevicesField({ id, values, onChange }: AuthorizedDevicesFieldProps) {
  const recommended = looksLikeFestival(values) && !values.soloDispositivosAutorizados;
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <Label htmlFor={id('soloDispositivosAutorizados')}>Solo dispositivos autorizados</Label>
          <p id={id('soloDispositivosAutorizados-help')} className="text-sm text-slate-600">
            El escáner solo funciona en móviles emparejados desde la página del evento; el enlace con la API
            Key deja de bastar.
          </p>
        </div>
        <Switch
          id={id('soloDispositivosAutorizados')}
          checked={values.soloDispositivosAutorizados}
          aria-describedby={id('soloDispositivosAutorizados-help')}
          onCheckedChange={(checked) => onChange({ soloDispositivosAutorizados: checked })}
        />
      </div>
      {recommended && (
        <p className="flex gap-2 rounded-md bg-brand-50 p-2 text-sm text-brand-900">
          <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Recomendado para festivales: cada móvil de barra necesita emparejarse y puedes revocarlo solo a él.
        </p>
      )}
    </div>
  );
}
