import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { showToastFromPreviousPage, toast, toastOnNextPage } from '@/hooks/use-toast';

describe('Toaster', () => {
  it('shows one toast at a time, the newest replacing the previous', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Evento creado' }));
    expect(screen.getByText('Evento creado', { exact: true })).toBeInTheDocument();
    act(() => void toast({ title: 'Error', description: 'No se pudo guardar', variant: 'destructive' }));
    expect(screen.queryByText('Evento creado', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByText('No se pudo guardar', { exact: true })).toBeInTheDocument();
  });

  it('focuses the notification region with F8', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Hola' }));
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: /Notificaciones/ }).querySelector('ol'),
    );
  });

  it('puts the toasts at the bottom, clear of the header, catching no clicks around them', () => {
    render(
      <>
        <header style={{ position: 'sticky', top: 0 }}>Cabecera</header>
        <Toaster />
      </>,
    );
    act(() => void toast({ title: 'Rol actualizado' }));
    const viewport = screen.getByRole('region', { name: /Notificaciones/ }).querySelector('ol')!;
    expect(viewport).toHaveStyle({ top: 'auto', bottom: '0px' });
    expect(viewport).toHaveClass('fixed', 'bottom-0', 'pointer-events-none');
    expect(within(viewport).getByRole('listitem')).toHaveClass('pointer-events-auto');
  });

  it('moves them to the top, below a header that stays on screen, while a dialog is open', async () => {
    render(
      <>
        <header style={{ position: 'sticky', top: 0 }}>Cabecera</header>
        <Toaster />
      </>,
    );
    const header = screen.getByText('Cabecera');
    header.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 64 });
    act(() => void toast({ title: 'Bienvenido' }));
    const viewport = screen.getByRole('region', { name: /Notificaciones/ }).querySelector('ol')!;
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    act(() => void document.body.append(dialog));
    await waitFor(() => expect(viewport).toHaveStyle({ top: '64px', bottom: 'auto' }));
    act(() => dialog.remove());
    await waitFor(() => expect(viewport).toHaveStyle({ top: 'auto', bottom: '0px' }));
  });
});

describe('a toast carried to the next page', () => {
  it('is shown once by the next page, with its text and variant', () => {
    toastOnNextPage({ title: 'Bienvenido', description: 'Hola, Olga.' });
    render(<Toaster />);
    act(() => showToastFromPreviousPage());
    expect(screen.getByText('Bienvenido', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Hola, Olga.', { exact: true })).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('is ignored when what was stored is not a toast', () => {
    sessionStorage.setItem('drinkflow-toast-for-next-page', '{"title": 3, "description": "Texto suelto"}');
    render(<Toaster />);
    act(() => showToastFromPreviousPage());
    expect(screen.queryByText('Texto suelto')).not.toBeInTheDocument();
    sessionStorage.setItem('drinkflow-toast-for-next-page', 'no es JSON');
    expect(() => act(() => showToastFromPreviousPage())).not.toThrow();
    expect(sessionStorage.length).toBe(0);
  });
});
