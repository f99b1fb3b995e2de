import { z } from 'zod';
import { roles, selfRegistrableRoles } from './roles';
import { singleLineText } from './text';

// Roles and where each goes live apart (no zod), for pages that load without the schemas.
export { homePathFor, rolLabels, roles, selfRegistrableRoles, type Rol } from './roles';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;

export const email = singleLineText('El email es obligatorio')
  .min(1, 'El email es obligatorio')
  .max(254, 'El email es demasiado largo')
  .pipe(z.email({ error: 'Email inválido' }));

export const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `La contraseña no puede exceder ${PASSWORD_MAX} caracteres.`);

export const nombre = singleLineText('El nombre es obligatorio')
  .min(1, 'El nombre es obligatorio')
  .max(100, 'El nombre no puede exceder 100 caracteres');

export const apellido = singleLineText()
  .max(100, 'El apellido no puede exceder 100 caracteres')
  .nullish()
  .transform((value) => value || null);

export const user = z.object({
  id: z.number().int().positive(),
  nombre: z.string(),
  apellido: z.string().nullable(),
  email: z.string(),
  rol: z.enum(roles),
});
export type User = z.infer<typeof user>;

export const registerBody = z.object({
  email,
  password,
  nombre,
  apellido,
  rol: z
    .enum(selfRegistrableRoles, { error: 'El tipo de cuenta debe ser organizador o personal de barra' })
    .default('organizer'),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: singleLineText('El email es obligatorio')
    .min(1, 'El email es obligatorio')
    .max(254, 'El email es demasiado largo'),
  password: z
    .string({ error: 'La contraseña es obligatoria' })
    .min(1, 'La contraseña es obligatoria')
    .max(PASSWORD_MAX, `La contraseña no puede exceder ${PASSWORD_MAX} caracteres.`),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profileBody = z.object({ nombre, apellido, email });
export type ProfileBody = z.input<typeof profileBody>;

export const passwordBody = z.object({
  currentPassword: z
    .string({ error: 'La contraseña actual es obligatoria' })
    .min(1, 'La contraseña actual es obligatoria')
    .max(PASSWORD_MAX),
  newPassword: z
    .string({ error: 'La nueva contraseña es obligatoria' })
    .min(PASSWORD_MIN, `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`)
    .max(PASSWORD_MAX, `La nueva contraseña no puede exceder ${PASSWORD_MAX} caracteres.`),
});
export type PasswordBody = z.infer<typeof passwordBody>;

export const authResponse = z.object({ user, token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;
