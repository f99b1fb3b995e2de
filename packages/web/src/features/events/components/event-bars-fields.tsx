import { barraNombre, duplicateBars, EVENT_BAR_LIMITS, eventBarMessages } from '@drinkflow/domain/event-bars';
import { Plus, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { barEntry, keptBars, type BarEntry, type EventFormValues } from '../utils/event-form-values';

interface EventBarsFieldsProps {
  id(field: string): string;
  barras: BarEntry[];
  corteDiario: string;
  errors: { barras?: string; corteDiario?: string };
  onChange(patch: Partial<EventFormValues>): void;
}

/** Why `nombre` cannot join `others`, in the domain's words; undefined when it can. */
function newBarProblem(nombre: string, others: readonly BarEntry[]): string | undefined {
  const parsed = barraNombre.safeParse(nombre);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (keptBars(others).length >= EVENT_BAR_LIMITS.barrasMax) return eventBarMessages.barrasMax;
  if (duplicateBars([...others.map((barra) => barra.nombre), parsed.data]).length > 0) {
    return eventBarMessages.duplicada;
  }
  return undefined;
}

/**
 * docs/rules/festivals.md: the event's bars (added, renamed, removed; the scanner offers them as the choice
 * for "¿En qué barra estás?") and "Corte diario", when each festival day ends.
 */
export function EventBarsFields({ id, barras, corteDiario, errors, onChange }: EventBarsFieldsProps) {
  const [nueva, setNueva] = useState('');
  const [nuevaError, setNuevaError] = useState<string>();

  function add() {
    const problem = newBarProblem(nueva, barras);
    if (problem) {
      setNuevaError(problem);
      return;
    }
    onChange({ barras: [...barras, barEntry(nueva.trim())] });
    setNueva('');
    setNuevaError(undefined);
  }

  const update = (key: string, patch: Partial<BarEntry>) =>
    onChange({
      barras: barras.map((barra) => (barra.key === key ? { ...barra, ...patch, error: undefined } : barra)),
    });
  const rename = (key: string, nombre: string) => update(key, { nombre });
  // A saved bar stays as a row until the save succeeds (a ticket type may still allow it); a bar
  // added here and never saved just goes.
  const remove = (barra: BarEntry) =>
    barra.original === null
      ? onChange({ barras: barras.filter((other) => other.key !== barra.key) })
      : update(barra.key, { nombre: barra.original, quitada: true });
  const keep = (key: string) => update(key, { quitada: false });

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">Barras</legend>
      <p id={id('barras-help')} className="text-sm text-slate-600">
        El escáner ofrecerá estas barras al elegir «¿En qué barra estás?». Sin barras, se escribe a mano.
      </p>
      {barras.length > 0 && (
        <ul className="grid gap-2" aria-label="Barras del evento">
          {barras.map((barra, index) => {
            const errorId = id(`barra-${index + 1}-error`);
            const describedBy = [
              barra.quitada ? id(`barra-${index + 1}-quitada`) : '',
              barra.error ? errorId : errors.barras ? id('barras-error') : '',
            ].filter(Boolean);
            return (
              <li key={barra.key} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Input
                    aria-label={`Nombre de la barra ${index + 1}`}
                    value={barra.nombre}
                    maxLength={EVENT_BAR_LIMITS.nombreMax}
                    disabled={barra.quitada}
                    className={barra.quitada ? 'line-through' : undefined}
                    aria-invalid={!!barra.error || (!barra.quitada && !!errors.barras)}
                    aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                    onChange={(event) => rename(barra.key, event.target.value)}
                  />
                  {barra.quitada ? (
                    <Button variant="outline" onClick={() => keep(barra.key)}>
                      <Undo2 className="h-4 w-4" aria-hidden />
                      <span aria-hidden>Deshacer</span>
                      <span className="sr-only">Conservar la barra {barra.nombre}</span>
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Quitar la barra ${barra.nombre || index + 1}`}
                      onClick={() => remove(barra)}
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </div>
                {barra.quitada && (
                  <p id={id(`barra-${index + 1}-quitada`)} className="text-sm text-slate-600">
                    Se quitará al guardar
                  </p>
                )}
                <FieldError id={errorId} message={barra.error} />
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={id('barras-error')} message={errors.barras} />
      <div className="grid gap-2">
        <Label htmlFor={id('nueva-barra')}>Nueva barra</Label>
        <div className="flex items-center gap-2">
          <Input
            id={id('nueva-barra')}
            value={nueva}
            maxLength={EVENT_BAR_LIMITS.nombreMax}
            placeholder="Ej.: VIP"
            autoComplete="off"
            aria-invalid={!!nuevaError}
            aria-describedby={nuevaError ? id('nueva-barra-error') : undefined}
            onChange={(event) => {
              setNueva(event.target.value);
              setNuevaError(undefined);
            }}
            onKeyDown={(event) => {
              // Enter adds the bar instead of sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="outline" onClick={add} disabled={barras.length >= EVENT_BAR_LIMITS.barrasMax}>
            <Plus className="h-4 w-4" aria-hidden />
            Añadir barra
          </Button>
        </div>
        <FieldError id={id('nueva-barra-error')} message={nuevaError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id('corteDiario')}>Corte diario</Label>
        <Input
          id={id('corteDiario')}
          type="time"
          className="w-36"
          value={corteDiario}
          aria-invalid={!!errors.corteDiario}
          aria-describedby={[id('corteDiario-help'), errors.corteDiario ? id('corteDiario-error') : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => onChange({ corteDiario: event.target.value })}
        />
        <p id={id('corteDiario-help')} className="text-sm text-slate-600">
          Hora en que termina cada día del festival
        </p>
        <FieldError id={id('corteDiario-error')} message={errors.corteDiario} />
      </div>
    </fieldset>
  );
}
