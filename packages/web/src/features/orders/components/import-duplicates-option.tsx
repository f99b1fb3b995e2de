interface ImportDuplicatesOptionProps {
  count: number;
  checked: boolean;
  disabled: boolean;
  onCheckedChange(checked: boolean): void;
}

/** Whether the rows that repeat a guest (of an order of the event or of the file) are imported. */
export function ImportDuplicatesOption({
  count,
  checked,
  disabled,
  onCheckedChange,
}: ImportDuplicatesOptionProps) {
  const filas = count === 1 ? '1 fila parece' : `${count} filas parecen`;
  return (
    <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p id="import-duplicates-note">
        {filas} un invitado que ya tiene pedido en este evento o que se repite en el archivo (mismo nombre y
        email, o mismo nombre y teléfono).
      </p>
      <div className="flex items-center gap-3">
        <input
          id="import-skip-duplicates"
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby="import-duplicates-note"
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="h-5 w-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor="import-skip-duplicates" className="font-medium">
          No importar los duplicados
        </label>
      </div>
    </div>
  );
}
