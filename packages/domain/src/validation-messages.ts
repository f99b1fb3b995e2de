import { z } from 'zod';

// zod's own messages are English ("Invalid input: expected object, received string"). A schema's
// own message wins over these; they fill in wherever a schema names none (docs/rules/api-conventions.md: every
// message is Spanish, for a person).

const typeNames: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  tuple: 'una lista',
  object: 'un objeto',
  record: 'un objeto',
  date: 'una fecha',
  null: 'nulo',
};

const countable: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos' };

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = String(issue.maximum);
  const unit = countable[issue.origin];
  if (unit) return `No puede tener más de ${max} ${unit}`;
  if (issue.origin === 'date') return 'La fecha es demasiado tardía';
  return issue.inclusive ? `Debe ser como máximo ${max}` : `Debe ser menor que ${max}`;
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = String(issue.minimum);
  const unit = countable[issue.origin];
  if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'No puede estar vacío';
  if (unit) return `Debe tener al menos ${min} ${unit}`;
  if (issue.origin === 'date') return 'La fecha es demasiado temprana';
  return issue.inclusive ? `Debe ser como mínimo ${min}` : `Debe ser mayor que ${min}`;
}

/** A Spanish message for every kind of zod issue; it never repeats the value that was sent. */
export const spanishErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Este campo es obligatorio';
      return typeNames[issue.expected] ? `Debe ser ${typeNames[issue.expected]}` : 'El tipo no es válido';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return issue.format === 'email' ? 'Email inválido' : 'El formato no es válido';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${String(issue.divisor)}`;
    case 'invalid_value':
      return issue.values.length > 1
        ? `Debe ser uno de estos valores: ${issue.values.map(String).join(', ')}`
        : 'Valor no permitido';
    case 'unrecognized_keys':
      return 'Contiene campos no permitidos';
    case 'invalid_key':
      return 'Contiene una clave no válida';
    case 'invalid_element':
      return 'Contiene un elemento no válido';
    default:
      return 'Valor no válido';
  }
};

/** Makes every zod schema of this process report in Spanish where it names no message itself. */
export function setSpanishValidationMessages(): void {
  z.config({ localeError: spanishErrorMap });
}
