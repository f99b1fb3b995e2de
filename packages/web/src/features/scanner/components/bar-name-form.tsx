import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SCANNER_LIMITS } from '@drinkflow/domain/scanner-limits';

const BARRA_MAX = SCANNER_LIMITS.barraMax;

interface BarNameFormProps {
  initial: string;
  onSave(name: string): void;
  /** 'Ahora no' the first time, 'Cancelar' when editing. */
  cancelLabel: string;
  onCancel(): void;
}

/** '¿En qué barra estás?': the name goes with every drink this device records. */
export function BarNameForm({ initial, onSave, cancelLabel, onCancel }: BarNameFormProps) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name);
      }}
    >
      <Label htmlFor="scanner-barra">¿En qué barra estás?</Label>
      <Input
        id="scanner-barra"
        value={name}
        maxLength={BARRA_MAX}
        placeholder="Ej.: Barra principal"
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={name.trim() === ''}>
          Guardar
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
