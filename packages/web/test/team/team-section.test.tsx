import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TeamSection } from '@/features/team';
import { failure, created } from '../support/api-stub';
import { anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { aMember, sentTo, serveTeamApi } from './team-api-stub';

inMadridTimeZone();
const organizer = anOrganizer();
const lucia = aMember();
const pending = aMember({
  id: 32,
  email: 'nuevo@x.es',
  rol: 'supervisor',
  estado: 'pendiente',
  usuario: null,
});
const expired = aMember({ id: 33, email: 'tarde@x.es', estado: 'caducada', usuario: null });

function Section({ miRol }: { miRol?: 'propietario' | 'coorganizador' }) {
  return <TeamSection eventoId={Number(useParams().id)} miRol={miRol} />;
}

function renderSection(miRol?: 'propietario' | 'coorganizador') {
  signIn(organizer);
  return renderRoutes(
    [{ path: '/organizer/evento/:id', element: <Section miRol={miRol} /> }],
    '/organizer/evento/1',
  );
}

describe("the event's team section", () => {
  it('lists each person with their name, email, role, state and date', async () => {
    serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': [lucia, pending, expired],
    });
    renderSection();
    const list = await screen.findByRole('list', { name: 'Miembros del equipo' });
    const active = within(list).getByRole('listitem', { name: 'Lucía Pérez' });
    expect(within(active).getByText('lucia@x.es')).toBeInTheDocument();
    expect(within(active).getByText('Activo')).toBeInTheDocument();
    expect(within(active).getByText('01/06/2030 12:30')).toBeInTheDocument();
    expect(within(active).getByLabelText('Rol')).toHaveValue('barra');
    const invited = within(list).getByRole('listitem', { name: 'nuevo@x.es' });
    expect(within(invited).getByText('Pendiente')).toBeInTheDocument();
    expect(within(invited).getByText('Sin cuenta todavía')).toBeInTheDocument();
    expect(within(invited).getByLabelText('Rol')).toHaveValue('supervisor');
    expect(within(list).getByRole('listitem', { name: 'tarde@x.es' })).toHaveTextContent('Caducada');
  });

  it('is not there for a co-organizer, who may not change the team', async () => {
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': [lucia],
    });
    renderSection('coorganizador');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Equipo')).not.toBeInTheDocument();
    expect(sentTo(fetchMock, 'GET /api/eventos/1/equipo')).toHaveLength(0);
  });

  it('adds an email without an account and shows the whole invitation link to copy, once and for 7 days', async () => {
    // user-event puts its own clipboard on the page; the link must land there.
    vi.stubGlobal('isSecureContext', true);
    const invited = {
      ...pending,
      enlaceInvitacion: '/invitacion/abcdefghijklmnopqrstuvwxyz',
      emailEnviado: false,
    };
    let team = [lucia];
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': () => team,
      'POST /api/eventos/1/equipo': () => {
        team = [lucia, pending];
        return created(invited);
      },
    });
    const { user } = renderSection();
    await screen.findByRole('listitem', { name: 'Lucía Pérez' });
    const form = screen.getByRole('form', { name: 'Añadir persona' });
    await user.type(within(form).getByLabelText(/^Email/), 'nuevo@x.es');
    await user.selectOptions(within(form).getByLabelText(/^Rol/), 'supervisor');
    expect(
      within(form).getByText('Escáner, dispositivos, deshacer consumos, recargas y estadísticas'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Añadir persona' }));

    expect(sentTo(fetchMock, 'POST /api/eventos/1/equipo')).toEqual([
      { email: 'nuevo@x.es', rol: 'supervisor' },
    ]);
    const row = await screen.findByRole('listitem', { name: 'nuevo@x.es' });
    const url = `${window.location.origin}/invitacion/abcdefghijklmnopqrstuvwxyz`;
    expect(within(row).getByTestId('invitation-link')).toHaveTextContent(url);
    expect(within(row).getByText(/Dura 7 días y solo sirve una vez/)).toBeInTheDocument();
    // Not emailed (no SMTP, or the mail server did not take it): the link alone, nothing more.
    expect(row).not.toHaveTextContent('Invitación enviada por email');
    await user.click(within(row).getByRole('button', { name: 'Copiar enlace' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('');
  });

  it('says the invitation went by email when the API emailed it, and still shows the link to copy', async () => {
    const invited = {
      ...pending,
      enlaceInvitacion: '/invitacion/abcdefghijklmnopqrstuvwxyz',
      emailEnviado: true,
    };
    let team = [lucia];
    serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': () => team,
      'POST /api/eventos/1/equipo': () => {
        team = [lucia, pending];
        return created(invited);
      },
    });
    const { user } = renderSection();
    await screen.findByRole('listitem', { name: 'Lucía Pérez' });
    const form = screen.getByRole('form', { name: 'Añadir persona' });
    await user.type(within(form).getByLabelText(/^Email/), 'nuevo@x.es');
    await user.click(within(form).getByRole('button', { name: 'Añadir persona' }));

    const row = await screen.findByRole('listitem', { name: 'nuevo@x.es' });
    expect(await within(row).findByText('Invitación enviada por email a nuevo@x.es')).toBeInTheDocument();
    expect(within(row).getByTestId('invitation-link')).toHaveTextContent(
      `${window.location.origin}/invitacion/abcdefghijklmnopqrstuvwxyz`,
    );
    expect(within(row).getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
  });

  it("shows the API's Spanish refusals on the field they name", async () => {
    let answer = failure(400, {
      error: 'validation_error',
      message: 'Datos inválidos',
      details: [{ field: 'email', message: 'Email inválido' }],
    });
    serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': [lucia],
      'POST /api/eventos/1/equipo': () => answer,
    });
    const { user } = renderSection();
    const form = await screen.findByRole('form', { name: 'Añadir persona' });
    const email = within(form).getByLabelText(/^Email/);
    await user.type(email, 'lucia@x.es');
    await user.click(within(form).getByRole('button', { name: 'Añadir persona' }));
    expect(await within(form).findByText('Email inválido')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    answer = failure(409, { error: 'conflict', message: 'Esta persona ya está en el equipo del evento' });
    await user.click(within(form).getByRole('button', { name: 'Añadir persona' }));
    expect(await within(form).findByText('Esta persona ya está en el equipo del evento')).toBeInTheDocument();
  });

  it('checks the email before asking the API', async () => {
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': [],
    });
    const { user } = renderSection();
    expect(await screen.findByText('Todavía no has añadido a nadie al equipo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Añadir persona' }));
    expect(screen.getByText('El email es obligatorio')).toBeInTheDocument();
    expect(sentTo(fetchMock, 'POST /api/eventos/1/equipo')).toHaveLength(0);
  });

  it("changes a person's role in place", async () => {
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': [lucia],
      'PATCH /api/eventos/1/equipo/31': { ...lucia, rol: 'coorganizador' },
    });
    const { user } = renderSection();
    const row = await screen.findByRole('listitem', { name: 'Lucía Pérez' });
    await user.selectOptions(within(row).getByLabelText('Rol'), 'coorganizador');
    expect(await screen.findByText('Rol actualizado')).toBeInTheDocument();
    expect(sentTo(fetchMock, 'PATCH /api/eventos/1/equipo/31')).toEqual([{ rol: 'coorganizador' }]);
  });

  it('removes a person after saying that their devices are revoked', async () => {
    let team = [lucia];
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/1/equipo': () => team,
      'DELETE /api/eventos/1/equipo/31': () => {
        team = [];
        return undefined;
      },
    });
    const { user } = renderSection();
    const row = await screen.findByRole('listitem', { name: 'Lucía Pérez' });
    await user.click(within(row).getByRole('button', { name: 'Quitar del equipo a Lucía Pérez' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Quitar del equipo?' });
    expect(confirm).toHaveTextContent('sus dispositivos quedarán revocados');
    expect(sentTo(fetchMock, 'DELETE /api/eventos/1/equipo/31')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Quitar del equipo' }));
    expect(await screen.findByText('Todavía no has añadido a nadie al equipo.')).toBeInTheDocument();
    expect(sentTo(fetchMock, 'DELETE /api/eventos/1/equipo/31')).toHaveLength(1);
  });
});
