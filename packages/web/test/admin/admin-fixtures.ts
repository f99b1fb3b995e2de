import type { AdminSummary, AdminUser, AdminUsersPage } from '@drinkflow/domain/admin';
import type { DemoRequest } from '@drinkflow/domain/demo-request';
import { anAdmin } from '../support/entities';

/** Builders for what the admin API sends, typed by the domain schemas. */

export const admin = anAdmin({ nombre: 'Ana', apellido: 'Admin' });

export const anAdminUser = (patch: Partial<AdminUser> = {}): AdminUser => ({
  id: 20,
  nombre: 'Olga',
  apellido: 'Ruiz',
  email: 'olga@x.es',
  rol: 'organizer',
  activo: true,
  createdAt: '2030-06-01T10:00:00.000Z',
  ...patch,
});

export const usersPage = (users: AdminUser[], total = users.length, page = 1): AdminUsersPage => ({
  users,
  total,
  page,
  limit: 20,
});

export const aSummary = (patch: Partial<AdminSummary> = {}): AdminSummary => ({
  usuarios: 12345,
  eventosActivos: 3,
  organizadores: 12,
  consumos: 5678,
  actividad: [
    { tipo: 'usuario', texto: 'Nuevo usuario: Olga Ruiz (Organizador)', fecha: '2030-07-04T18:05:00.000Z' },
    {
      tipo: 'consumo',
      texto: 'Consumo de copa en «Boda de Marta» (Barra 1)',
      fecha: '2030-01-10T09:30:00.000Z',
    },
  ],
  ...patch,
});

export const aDemoRequest = (patch: Partial<DemoRequest> = {}): DemoRequest => ({
  id: 3,
  name: 'Carmen Romero',
  email: 'carmen@x.es',
  phone: '+34 612 345 678',
  eventType: 'boda',
  guestCount: 1200,
  eventDate: '2030-09-12',
  message: 'Queremos barra libre controlada.',
  acceptTerms: true,
  createdAt: '2030-07-04T18:05:00.000Z',
  ...patch,
});
