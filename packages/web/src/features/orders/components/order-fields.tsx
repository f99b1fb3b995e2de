import { ORDER_QUANTITY } from '@drinkflow/domain/orders';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import type { OrderFormValues } from '../utils/order-form';

interface OrderFieldsProps {
  idPrefix: string;
  register: UseFormRegister<OrderFormValues>;
  errors: FieldErrors<OrderFormValues>;
  /** The event's ticket types; undefined while they load. */
  ticketTypes: readonly Pick<TipoTicket, 'id' | 'nombre'>[] | undefined;
  /** The create dialog also asks how many tickets. */
  withQuantity?: boolean;
  /** The order's event: the hint of an event without types links to its ticket types. */
  eventoId: number;
}

/** The hint of an event without ticket types, with a link to that event's ticket types. */
function NoTypesHint({ eventoId }: { eventoId: number }) {
  return (
    <>
      Este evento aún no tiene tipos de ticket: créalos antes en{' '}
      <Link
        to={`${paths.organizer.ticketTypes}?evento=${eventoId}`}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        «Tipos de Ticket»
      </Link>
      .
    </>
  );
}

/** The guest's details and the ticket type, shared by the create and edit dialogs. */
export function OrderFields({
  idPrefix,
  register,
  errors,
  ticketTypes,
  withQuantity,
  eventoId,
}: OrderFieldsProps) {
  const id = (field: keyof OrderFormValues) => `${idPrefix}-${field}`;
  const control = (field: keyof OrderFormValues, hint = false) => ({
    id: id(field),
    'aria-invalid': !!errors[field],
    'aria-describedby': describedBy(id(field), { hint, error: errors[field]?.message }),
    ...register(field),
  });
  const noTypes = ticketTypes?.length === 0;
  return (
    <div className="grid gap-4">
      <FormField
        id={id('nombreCompleto')}
        label="Nombre Completo"
        required
        error={errors.nombreCompleto?.message}
      >
        <Input
          required
          autoComplete="off"
          placeholder="Ana García López"
          maxLength={200}
          {...control('nombreCompleto')}
        />
      </FormField>
      <FormField id={id('email')} label="Email" required error={errors.email?.message}>
        <Input
          type="email"
          required
          autoComplete="off"
          placeholder="ana.garcia@ejemplo.com"
          {...control('email')}
        />
      </FormField>
      <FormField id={id('telefono')} label="Teléfono" error={errors.telefono?.message}>
        <Input
          type="tel"
          autoComplete="off"
          placeholder="+34 600 000 000"
          maxLength={40}
          {...control('telefono')}
        />
      </FormField>
      <div className={withQuantity ? 'grid gap-4 sm:grid-cols-[1fr_10rem]' : 'grid'}>
        <FormField
          id={id('ticketTypeId')}
          label="Tipo de Ticket"
          required
          error={errors.ticketTypeId?.message}
          hint={noTypes ? <NoTypesHint eventoId={eventoId} /> : undefined}
        >
          {/* Mounted once the types are known, so that the chosen one shows as selected. */}
          {ticketTypes ? (
            <NativeSelect required {...control('ticketTypeId', noTypes)}>
              <option value="">Selecciona un tipo de ticket</option>
              {ticketTypes.map((tipo) => (
                <option key={tipo.id} value={tipo.id}>
                  {tipo.nombre}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Skeleton className="h-10 w-full" />
          )}
        </FormField>
        {withQuantity && (
          <FormField
            id={id('quantity')}
            label="Cantidad de Tickets"
            required
            error={errors.quantity?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              required
              min={ORDER_QUANTITY.min}
              max={ORDER_QUANTITY.max}
              step={1}
              {...control('quantity')}
            />
          </FormField>
        )}
      </div>
    </div>
  );
}
