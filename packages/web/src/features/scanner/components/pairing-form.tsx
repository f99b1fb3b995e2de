import { PAIRING_CODE_LENGTH, deviceMessages, normalizePairingCode } from '@drinkflow/domain/device-wire';
import type { PairedDevice } from '@drinkflow/domain/devices';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PairingError, pairDevice } from '../api/pair-device';

/** What most phones are: the organizer renames it on the board if the bar is another. */
export const DEFAULT_DEVICE_NAME = 'Barra 1 · móvil';
const NAME_MAX = 60;

interface Errors {
  codigo?: string;
  nombre?: string;
  form?: string;
}

/** The typed code's problem before asking the server, if any. */
export function codeProblem(typed: string): string | undefined {
  if (normalizePairingCode(typed)) return undefined;
  const length = typed.replace(/[\s-]/g, '').length;
  return length === PAIRING_CODE_LENGTH
    ? deviceMessages.codeInvalid
    : `El código tiene ${PAIRING_CODE_LENGTH} caracteres: escríbelo tal como lo ves en la pantalla del organizador.`;
}

interface PairingFormProps {
  /** The code from the pairing link (/emparejar/{codigo}), as it came. */
  initialCode?: string;
  onPaired(paired: PairedDevice): void;
}

/**
 * The pairing code and this phone's name ('Nombre del dispositivo'), sent to the server for the
 * device's token (docs/rules/devices.md). The code may be typed in lowercase, with spaces or dashes.
 */
export function PairingForm({ initialCode = '', onPaired }: PairingFormProps) {
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState(DEFAULT_DEVICE_NAME);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const codigo = normalizePairingCode(code);
    const nombre = name.trim();
    const found: Errors = {
      codigo: codeProblem(code),
      nombre: nombre ? undefined : deviceMessages.nombre,
    };
    setErrors(found);
    if (!codigo || found.nombre) return;
    setSending(true);
    try {
      onPaired(await pairDevice({ codigo, nombre }));
    } catch (error) {
      const message = error instanceof Error ? error.message : 'No se pudo emparejar el dispositivo.';
      setErrors(
        error instanceof PairingError && error.field ? { [error.field]: message } : { form: message },
      );
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField id="pairing-code" label="Código de emparejamiento" error={errors.codigo}>
        <Input
          id="pairing-code"
          value={code}
          maxLength={24}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="Ej.: ABCD-EFGH"
          className="h-12 font-mono text-lg tracking-widest uppercase"
          aria-invalid={!!errors.codigo}
          aria-describedby={describedBy('pairing-code', { error: errors.codigo })}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <FormField
        id="pairing-name"
        label="Nombre del dispositivo"
        error={errors.nombre}
        hint="Así verá el organizador este móvil en su panel de dispositivos."
      >
        <Input
          id="pairing-name"
          value={name}
          maxLength={NAME_MAX}
          autoComplete="off"
          aria-invalid={!!errors.nombre}
          aria-describedby={describedBy('pairing-name', { hint: true, error: errors.nombre })}
          onChange={(event) => setName(event.target.value)}
        />
      </FormField>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="h-12 w-full text-base" disabled={sending}>
        {sending ? 'Emparejando...' : 'Emparejar'}
      </Button>
    </form>
  );
}
