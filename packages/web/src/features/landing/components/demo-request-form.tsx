import '@/lib/zod-without-eval';
import {
  demoRequestBody,
  eventTypeLabels,
  eventTypes,
  type DemoRequestBody,
} from '@drinkflow/domain/demo-request';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { createDemoRequest } from '../api/create-demo-request';
import { AcceptTermsField } from './accept-terms-field';

interface DemoForm {
  name: string;
  email: string;
  phone: string;
  eventType: string;
  message: string;
  acceptTerms: boolean;
}

const emptyForm: DemoForm = {
  name: '',
  email: '',
  phone: '',
  eventType: '',
  message: '',
  acceptTerms: false,
};
const serverFields = ['name', 'email', 'phone', 'eventType', 'message'] as const;

const isEmail = (value: string) => demoRequestBody.shape.email.safeParse(value).success || 'Email inválido';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

export function DemoRequestForm() {
  const form = useForm<DemoForm>({ defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;
  const errorProps = (field: keyof DemoForm) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `demo-${field}-error` : undefined,
  });

  const onValid = async (values: DemoForm) => {
    try {
      await createDemoRequest({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        eventType: values.eventType as DemoRequestBody['eventType'],
        guestCount: '',
        eventDate: '',
        message: values.message.trim(),
        acceptTerms: values.acceptTerms ? 'true' : 'false',
      });
      toast({ title: '¡Solicitud enviada!', description: 'Te contactaremos en menos de 24 horas.' });
      form.reset(emptyForm);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of serverFields) {
          const message = error.fieldMessage(field);
          if (message) form.setError(field, { message });
        }
      }
      toast({
        title: 'Error',
        description: 'Hubo un problema al enviar tu solicitud. Inténtalo de nuevo.',
        variant: 'destructive',
      });
    }
  };

  // docs/rules/validation.md: a missing name, email or consent gets the 'Campos requeridos' toast; a malformed
  // email only its inline message (the field receives focus).
  const onInvalid = () => {
    const { name, email, acceptTerms } = form.getValues();
    if (!name.trim() || !email.trim() || !acceptTerms) {
      toast({
        title: 'Campos requeridos',
        description: 'Por favor completa todos los campos obligatorios.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-5">
      <p className="text-sm text-slate-600">
        Los campos marcados con{' '}
        <span aria-hidden className="text-red-700">
          *
        </span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="demo-name" label="Nombre" required error={errors.name?.message}>
          <Input
            id="demo-name"
            autoComplete="name"
            required
            {...errorProps('name')}
            {...form.register('name', {
              validate: (value) => value.trim() !== '' || 'El nombre es obligatorio',
            })}
          />
        </FormField>
        <FormField id="demo-email" label="Email" required error={errors.email?.message}>
          <Input
            id="demo-email"
            type="email"
            autoComplete="email"
            placeholder="tu@email.com"
            required
            {...errorProps('email')}
            {...form.register('email', {
              validate: (value) => (value.trim() === '' ? 'El email es obligatorio' : isEmail(value.trim())),
            })}
          />
        </FormField>
        <FormField id="demo-phone" label="Teléfono" error={errors.phone?.message}>
          <Input
            id="demo-phone"
            type="tel"
            autoComplete="tel"
            placeholder="600 123 456"
            {...errorProps('phone')}
            {...form.register('phone')}
          />
        </FormField>
        <FormField id="demo-eventType" label="Tipo de evento" error={errors.eventType?.message}>
          <select
            id="demo-eventType"
            className={selectClass}
            {...errorProps('eventType')}
            {...form.register('eventType')}
          >
            <option value="">Selecciona un tipo de evento</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabels[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="demo-message" label="Mensaje" error={errors.message?.message}>
        <Textarea
          id="demo-message"
          rows={4}
          placeholder="Cuéntanos sobre tu evento: fecha, número de invitados, barras previstas…"
          {...errorProps('message')}
          {...form.register('message')}
        />
      </FormField>

      <AcceptTermsField
        id="demo-acceptTerms"
        error={errors.acceptTerms?.message}
        registration={form.register('acceptTerms', {
          validate: (value) => value || 'Debes aceptar las condiciones de uso y la política de privacidad',
        })}
      />

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          'Enviando...'
        ) : (
          <>
            <Send className="h-4 w-4" aria-hidden />
            Enviar Solicitud
          </>
        )}
      </Button>
    </form>
  );
}
