import { roles } from '@drinkflow/domain/roles';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { prefetchStoredUsersEvents } from '@/hooks/use-my-events';
import { RequireRole } from './guards';
import { areaRoles } from './next-path';
import { paths } from './paths';
import { RouteError } from './route-error';
import { RouterLinks } from './router-links';
import { ScrollToTop } from './scroll-to-top';

// Every page loads on demand: a visitor downloads the shell and the page they open, nothing more.
const lazyPage =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

const legalPages = () => import('@/features/legal/pages/legal-pages');
const notFoundPage = lazyPage(() => import('@/features/not-found/pages/not-found-page'), 'NotFoundPage');
const statisticsPage = lazyPage(() => import('@/features/stats/pages/statistics-page'), 'StatisticsPage');

const organizerDenied = 'Esta sección es solo para organizadores de eventos.';
const adminDenied = 'No tienes permisos para acceder al panel de administración.';

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    // Shown while the first page's lazy module loads; without it React Router warns on every load.
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    element: (
      <RouterLinks>
        <ScrollToTop />
        <Outlet />
      </RouterLinks>
    ),
    children: [
      {
        path: paths.home,
        lazy: lazyPage(() => import('@/features/landing/pages/landing-page'), 'LandingPage'),
      },
      { path: paths.login, lazy: lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage') },
      {
        path: paths.register,
        lazy: lazyPage(() => import('@/features/auth/pages/register-page'), 'RegisterPage'),
      },
      { path: paths.legal.notice, lazy: lazyPage(legalPages, 'LegalNoticePage') },
      { path: paths.legal.terms, lazy: lazyPage(legalPages, 'TermsPage') },
      { path: paths.legal.privacy, lazy: lazyPage(legalPages, 'PrivacyPage') },
      { path: paths.legal.cookies, lazy: lazyPage(legalPages, 'CookiesPage') },
      {
        // Built as its own page too (scanner.html), which the server sends for /scanner/*.
        path: '/scanner/:apiKey?',
        lazy: lazyPage(() => import('@/features/scanner/pages/public-scanner-route'), 'PublicScannerRoute'),
      },
      {
        // Part of scanner.html too, which the server sends for /emparejar/*.
        path: '/emparejar/:codigo?',
        lazy: lazyPage(() => import('@/features/scanner/pages/pairing-route'), 'PairingRoute'),
      },
      {
        path: '/invitacion/:token',
        lazy: lazyPage(() => import('@/features/team/pages/invitation-page'), 'InvitationPage'),
      },
      {
        // Any account may be on an event's team: the staff home is for every signed-in person.
        element: <RequireRole roles={roles} deniedMessage={organizerDenied} />,
        children: [
          {
            path: paths.staff,
            lazy: lazyPage(() => import('@/features/staff/pages/staff-home-page'), 'StaffHomePage'),
          },
        ],
      },
      {
        element: <RequireRole roles={areaRoles.admin} deniedMessage={adminDenied} />,
        children: [
          {
            path: paths.admin,
            lazy: lazyPage(() => import('@/features/admin/pages/admin-page'), 'AdminPage'),
          },
        ],
      },
      {
        element: <RequireRole roles={areaRoles.organizer} deniedMessage={organizerDenied} />,
        children: [
          {
            // Outside the organizer shell: the report prints as a document, without menu or header.
            path: paths.organizer.report(':eventoId'),
            lazy: lazyPage(() => import('@/features/report/pages/event-report-page'), 'EventReportPage'),
          },
          {
            path: paths.organizer.root,
            lazy: lazyPage(
              () => import('@/features/organizer/components/organizer-layout'),
              'OrganizerLayout',
            ),
            children: [
              { index: true, element: <Navigate to={paths.organizer.events} replace /> },
              {
                path: 'eventos',
                // The organizer's home: its list is asked for while the page's code and the session
                // check are still on their way, not after both (docs/decisions/028).
                loader: () => {
                  prefetchStoredUsersEvents(queryClient);
                  return null;
                },
                lazy: lazyPage(() => import('@/features/events/pages/events-page'), 'EventsPage'),
              },
              {
                path: 'evento/:id',
                lazy: lazyPage(() => import('@/features/events/pages/event-detail-page'), 'EventDetailPage'),
              },
              {
                path: 'evento/:id/whatsapp',
                lazy: lazyPage(
                  () => import('@/features/whatsapp/pages/whatsapp-sending-page'),
                  'WhatsappSendingPage',
                ),
              },
              {
                path: 'evento/:id/dispositivos',
                lazy: lazyPage(() => import('@/features/devices/pages/devices-page'), 'DevicesPage'),
              },
              {
                path: 'evento/:id/editar',
                lazy: lazyPage(() => import('@/features/events/pages/event-edit-page'), 'EventEditPage'),
              },
              {
                path: 'tipos-ticket',
                lazy: lazyPage(
                  () => import('@/features/ticket-types/pages/ticket-types-page'),
                  'TicketTypesPage',
                ),
              },
              {
                path: 'tipos-ticket/:id/editar',
                lazy: lazyPage(
                  () => import('@/features/ticket-types/pages/ticket-type-edit-page'),
                  'TicketTypeEditPage',
                ),
              },
              {
                path: 'pedidos',
                lazy: lazyPage(() => import('@/features/orders/pages/orders-page'), 'OrdersPage'),
              },
              {
                path: 'pedido/:id',
                lazy: lazyPage(() => import('@/features/orders/pages/order-detail-page'), 'OrderDetailPage'),
              },
              { path: 'estadisticas', lazy: statisticsPage },
              {
                path: 'scanner',
                lazy: lazyPage(
                  () => import('@/features/scanner/pages/organizer-scanner-page'),
                  'OrganizerScannerPage',
                ),
              },
              {
                path: 'perfil',
                lazy: lazyPage(() => import('@/features/profile/pages/profile-page'), 'ProfilePage'),
              },
              { path: '*', lazy: notFoundPage },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
