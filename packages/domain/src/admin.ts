import { z } from 'zod';
import { roles, user } from './auth';
import { demoRequest } from './demo-request';
import { singleLineText } from './text';
import { PAGE_MAX, pageMaxMessage } from './pagination';

/** Admin lists are paged on the server (docs/rules/accounts-and-roles.md). */
export const ADMIN_PAGE_LIMIT = { default: 20, max: 100 } as const;
/** How many entries the dashboard's recent activity shows. */
export const RECENT_ACTIVITY_LIMIT = 10;

export const adminMessages = {
  page: 'La página debe ser un número entero desde 1',
  limit: `El límite debe ser un número entero entre 1 y ${ADMIN_PAGE_LIMIT.max}`,
  search: 'La búsqueda es demasiado larga',
  rol: 'El rol debe ser administrador, organizador o personal de barra',
  activo: 'El estado de la cuenta debe ser verdadero o falso',
  nothingToChange: 'Indica el nuevo rol o si la cuenta está activa',
  userNotFound: 'Usuario no encontrado',
  selfDisable: 'No puedes desactivar tu propia cuenta.',
  selfDemote: 'No puedes quitarte el rol de administrador.',
} as const;

/** What a disabled account's login answers (403), and its machine code (docs/rules/accounts-and-roles.md). */
export const accountDisabled = {
  error: 'account_disabled',
  message: 'Tu cuenta está desactivada. Contacta con el administrador.',
} as const;

const page = z.coerce
  .number({ error: adminMessages.page })
  .int(adminMessages.page)
  .min(1, adminMessages.page)
  .max(PAGE_MAX, pageMaxMessage)
  .default(1);

const limit = z.coerce
  .number({ error: adminMessages.limit })
  .int(adminMessages.limit)
  .min(1, adminMessages.limit)
  .max(ADMIN_PAGE_LIMIT.max, adminMessages.limit)
  .default(ADMIN_PAGE_LIMIT.default);

/** GET /api/admin/demo-requests?page&limit */
export const adminPageQuery = z.object({ page, limit });
export type AdminPageQuery = z.input<typeof adminPageQuery>;

/** GET /api/admin/users?search&page&limit — search matches name, surname or email, any case. */
export const adminUsersQuery = adminPageQuery.extend({
  search: singleLineText()
    .max(200, adminMessages.search)
    .optional()
    .transform((value) => value || undefined),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** PATCH /api/admin/users/{id}: the new role, whether the account is active, or both. */
export const adminUserPatchBody = z
  .object({
    rol: z.enum(roles, { error: adminMessages.rol }).optional(),
    activo: z.boolean({ error: adminMessages.activo }).optional(),
  })
  .refine((body) => body.rol !== undefined || body.activo !== undefined, adminMessages.nothingToChange);
export type AdminUserPatchBody = z.infer<typeof adminUserPatchBody>;

/** A user as the admin sees it: the public user, whether it may sign in, and when it was created. */
export const adminUser = user.extend({ activo: z.boolean(), createdAt: z.string() });
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  users: z.array(adminUser),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const demoRequestsPage = z.object({
  demoRequests: z.array(demoRequest),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type DemoRequestsPage = z.infer<typeof demoRequestsPage>;

export const activityTypes = ['usuario', 'evento', 'pedido', 'consumo', 'demo'] as const;
export type ActivityType = (typeof activityTypes)[number];

/** One line of the dashboard's recent activity: what happened (a sentence) and when (ISO, UTC). */
export const activityItem = z.object({
  tipo: z.enum(activityTypes),
  texto: z.string(),
  fecha: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** GET /api/admin/summary: the dashboard's four figures and the latest activity, newest first. */
export const adminSummary = z.object({
  usuarios: z.number().int().nonnegative(),
  eventosActivos: z.number().int().nonnegative(),
  organizadores: z.number().int().nonnegative(),
  consumos: z.number().int().nonnegative(),
  actividad: z.array(activityItem),
});
export type AdminSummary = z.infer<typeof adminSummary>;
