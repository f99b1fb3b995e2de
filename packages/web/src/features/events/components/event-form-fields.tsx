import { DateTimeInput, type DateTextChange } from '@/components/ui/date-time-input';
import { FieldError } from '@/components/ui/field-error';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { EventFormErrors, EventFormValues } from '../utils/event-form-values';
import { AuthorizedDevicesField } from './authorized-devices-field';
import { EventBarsFields } from './event-bars-fields';

interface EventFormFieldsProps {
  idPrefix: string;
  values: EventFormValues;
  errors: EventFormErrors;
  /** `typing`: a date is being typed and may be unfinished. */
  onChange(patch: Partial<EventFormValues>, options?: { typing?: boolean }): void;
}

export function EventFormFields({ idPrefix, values, errors, onChange }: EventFormFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const control = (field: 'nombre' | 'ubicacion' | 'fechaInicio' | 'fechaFin') => ({
    id: id(field),
    value: values[field],
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? id(`${field}-error`) : undefined,
  });
  const text = (field: 'nombre' | 'ubicacion') => ({
    ...control(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value }),
  });
  const date = (field: 'fechaInicio' | 'fechaFin') => ({
    ...control(field),
    onChange: (value: string, change: DateTextChange) =>
      onChange({ [field]: value }, { typing: change === 'typing' }),
  });
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id('nombre')}>Nombre del evento *</Label>
        <Input placeholder="Boda de Ana y Luis" maxLength={200} {...text('nombre')} />
        <FieldError id={id('nombre-error')} message={errors.nombre} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id('ubicacion')}>Ubicación *</Label>
        <Input placeholder="Finca Los Olivos, Madrid" maxLength={200} {...text('ubicacion')} />
        <FieldError id={id('ubicacion-error')} message={errors.ubicacion} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={id('fechaInicio')}>Fecha y hora de inicio *</Label>
          <DateTimeInput calendarLabel="Abrir calendario de inicio" {...date('fechaInicio')} />
          <FieldError id={id('fechaInicio-error')} message={errors.fechaInicio} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={id('fechaFin')}>Fecha y hora de fin *</Label>
          <DateTimeInput calendarLabel="Abrir calendario de fin" {...date('fechaFin')} />
          <FieldError id={id('fechaFin-error')} message={errors.fechaFin} />
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
        <div>
          <Label htmlFor={id('esPrivado')}>Evento privado</Label>
          <p id={id('esPrivado-help')} className="text-sm text-slate-600">
            Los eventos privados requieren invitación
          </p>
        </div>
        <Switch
          id={id('esPrivado')}
          checked={values.esPrivado}
          aria-describedby={id('esPrivado-help')}
          onCheckedChange={(checked) => onChange({ esPrivado: checked })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id('notas')}>Notas</Label>
        <Textarea
          id={id('notas')}
          value={values.notas}
          maxLength={2000}
          placeholder="Indicaciones para el equipo de barra, horarios..."
          onChange={(event) => onChange({ notas: event.target.value })}
        />
        <FieldError id={id('notas-error')} message={errors.notas} />
      </div>
      <EventBarsFields
        id={id}
        barras={values.barras}
        corteDiario={values.corteDiario}
        errors={errors}
        onChange={onChange}
      />
      <AuthorizedDevicesField id={id} values={values} onChange={onChange} />
    </div>
  );
}
