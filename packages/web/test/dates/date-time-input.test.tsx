import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DateInput, DateTimeInput, type DateTimeInputProps } from '@/components/ui/date-time-input';
import { Label } from '@/components/ui/label';
import { EventFormFields } from '@/features/events/components/event-form-fields';
import { useEventForm } from '@/features/events/hooks/use-event-form';
import { newEventValues } from '@/features/events/utils/event-form-values';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';

inMadridTimeZone();
beforeEach(stubResizeObserver);

type Props = Omit<DateTimeInputProps, 'value' | 'onChange'> & { initial?: string; date?: boolean };

/** A field as a form holds it, with its last change reported in `changes`. */
function renderField({ initial = '', date = false, ...props }: Props = {}) {
  const changes: string[] = [];
  function Field() {
    const [value, setValue] = useState(initial);
    const Control = date ? DateInput : DateTimeInput;
    return (
      <>
        <Label htmlFor="campo">Fecha</Label>
        <Control
          id="campo"
          value={value}
          onChange={(text, change) => {
            changes.push(`${change}:${text}`);
            setValue(text);
          }}
          {...props}
        />
      </>
    );
  }
  render(<Field />);
  return { user: userEvent.setup(), input: screen.getByLabelText('Fecha'), changes };
}

describe('DateTimeInput', () => {
  it('is a text field in the Spanish format that adds the separators while typing', async () => {
    const { user, input, changes } = renderField();
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    await user.type(input, '241220302000');
    expect(input).toHaveValue('24/12/2030 20:00');
    expect(changes.at(-1)).toBe('typing:24/12/2030 20:00');
  });

  it('accepts a one-digit hour and shows it as HH:mm once the field is left', async () => {
    const { user, input, changes } = renderField();
    await user.type(input, '23/12/2026 3:00');
    expect(input).toHaveValue('23/12/2026 3:00');
    await user.tab();
    expect(input).toHaveValue('23/12/2026 03:00');
    expect(changes.at(-1)).toBe('done:23/12/2026 03:00');
  });

  it('opens a Spanish calendar on the field’s day, weeks from Monday, and picks with the keyboard', async () => {
    const { user, input } = renderField({ initial: '24/12/2030 20:00' });
    const opener = screen.getByRole('button', { name: 'Abrir calendario' });
    await user.click(opener);
    const calendar = await screen.findByRole('dialog', { name: 'Calendario' });
    // The calendar's code loads when it first opens.
    expect(await within(calendar).findByRole('grid', { name: /diciembre 2030/i })).toBeInTheDocument();
    const weekdays = within(calendar)
      .getAllByRole('columnheader', { hidden: true })
      .map((cell) => cell.getAttribute('aria-label'));
    expect(weekdays).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
    const selected = within(calendar).getByRole('button', { name: /24 de diciembre de 2030/ });
    expect(selected).toHaveFocus();

    await user.keyboard('{ArrowRight}{Enter}');
    expect(input).toHaveValue('25/12/2030 20:00');

    const time = within(calendar).getByLabelText('Hora');
    expect(time).toHaveValue('20:00');
    await user.click(time);
    await user.keyboard('2130');
    expect(input).toHaveValue('25/12/2030 21:30');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Calendario' })).not.toBeInTheDocument();
    // The button is the popover's own trigger since the first opening (a new element): it gets the focus back.
    expect(screen.getByRole('button', { name: 'Abrir calendario' })).toHaveFocus();
  });

  it('offers only the days between min and max', async () => {
    const { user } = renderField({
      initial: '24/12/2030 20:00',
      min: new Date(2030, 11, 24, 20),
      max: new Date(2030, 11, 25, 2),
    });
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendario' });
    expect(await within(calendar).findByRole('button', { name: /23 de diciembre de 2030/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /25 de diciembre de 2030/ })).toBeEnabled();
    expect(within(calendar).getByRole('button', { name: /26 de diciembre de 2030/ })).toBeDisabled();
  });
});

describe('DateInput', () => {
  it('types dd/MM/yyyy and closes the calendar once a day is picked', async () => {
    const { user, input } = renderField({ date: true });
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.type(input, '24122030');
    expect(input).toHaveValue('24/12/2030');
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendario' });
    expect(within(calendar).queryByLabelText('Hora')).not.toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: /31 de diciembre de 2030/ }));
    expect(input).toHaveValue('31/12/2030');
    expect(screen.queryByRole('dialog', { name: 'Calendario' })).not.toBeInTheDocument();
  });
});

describe('the event form’s date fields', () => {
  function EventForm() {
    const form = useEventForm(() => newEventValues(new Date('2030-12-24T18:20:00.000Z')), 'Faltan campos');
    return (
      <EventFormFields idPrefix="evento" values={form.values} errors={form.errors} onChange={form.change} />
    );
  }

  it('reports an invalid date once the field is left, through the field’s error', async () => {
    render(<EventForm />);
    const user = userEvent.setup();
    const start = screen.getByLabelText('Fecha y hora de inicio *');
    expect(start).toHaveValue('24/12/2030 20:00');
    await user.clear(start);
    await user.type(start, '31/02/2030 2');
    expect(screen.queryByText('Formato de fecha inválido')).not.toBeInTheDocument();
    await user.tab();
    const error = screen.getByText('Formato de fecha inválido');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAttribute('aria-describedby', error.id);

    await user.clear(start);
    await user.type(start, '24/12/2030 21:00');
    expect(screen.queryByText('Formato de fecha inválido')).not.toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks the end against the start as soon as both are dates', async () => {
    render(<EventForm />);
    const user = userEvent.setup();
    const end = screen.getByLabelText('Fecha y hora de fin *');
    await user.clear(end);
    await user.type(end, '24/12/2030 19:00');
    expect(screen.getByText('La fecha de fin debe ser posterior a la fecha de inicio')).toBeInTheDocument();
  });
});
