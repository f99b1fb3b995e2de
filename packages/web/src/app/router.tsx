import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { AdminPage } from '@/features/admin/pages/admin-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { EventDetailPage } from '@/features/events/pages/event-detail-page';
import { EventEditPage } from '@/features/events/pages/event-edit-page';
import { EventsPage } from '@/features/events/pages/events-page';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { CookiesPage, LegalNoticePage, PrivacyPage, TermsPage } from '@/features/legal/pages/legal-pages';
import { NotFoundPage } from '@/features/not-found/pages/not-found-page';
import { OrganizerLayout } from '@/features/organizer/components/organizer-layout';
import { SectionPage } from '@/features/organizer/pages/section-page';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { TicketTypeEditPage } from '@/features/ticket-types/pages/ticket-type-edit-page';
import { TicketTypesPage } from '@/features/ticket-types/pages/ticket-types-page';
import { RequireRole } from './guards';
import { paths } from './paths';
import { ScrollToTop } from './scroll-to-top';

const organizerDenied = 'Esta sección es solo para organizadores de eventos.';
const adminDenied = 'No tienes permisos para acceder al panel de administración.';

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <ScrollToTop />
        <Outlet />
      </>
    ),
    children: [
      { path: paths.home, element: <LandingPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.legal.notice, element: <LegalNoticePage /> },
      { path: paths.legal.terms, element: <TermsPage /> },
      { path: paths.legal.privacy, element: <PrivacyPage /> },
      { path: paths.legal.cookies, element: <CookiesPage /> },
      { path: '/scanner/:apiKey?', element: <PublicScannerPage /> },
      {
        element: <RequireRole roles={['admin']} deniedMessage={adminDenied} />,
        children: [{ path: paths.admin, element: <AdminPage /> }],
      },
      {
        element: <RequireRole roles={['organizer', 'admin']} deniedMessage={organizerDenied} />,
        children: [
          {
            path: paths.organizer.root,
            element: <OrganizerLayout />,
            children: [
              { index: true, element: <Navigate to={paths.organizer.events} replace /> },
              { path: 'eventos', element: <EventsPage /> },
              { path: 'evento/:id', element: <EventDetailPage /> },
              { path: 'evento/:id/editar', element: <EventEditPage /> },
              { path: 'tipos-ticket', element: <TicketTypesPage /> },
              { path: 'tipos-ticket/:id/editar', element: <TicketTypeEditPage /> },
              { path: 'pedidos', element: <SectionPage title="Pedidos" /> },
              { path: 'pedido/:id', element: <SectionPage title="Detalle del Pedido" /> },
              { path: 'estadisticas', element: <SectionPage title="Estadísticas" /> },
              { path: 'scanner', element: <SectionPage title="Escáner QR" /> },
              { path: 'perfil', element: <ProfilePage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
