/** Demo users seeded in demo mode (docs/rules/operations.md). */
export const DEMO_PASSWORD = 'drinkflow';
export const demoUsers = [
  { email: 'admin@drinkflow.test', nombre: 'Ana', apellido: 'Administradora', rol: 'admin' },
  { email: 'organizador@drinkflow.test', nombre: 'Olga', apellido: 'Organizadora', rol: 'organizer' },
  { email: 'barra@drinkflow.test', nombre: 'Bruno', apellido: 'Barra', rol: 'scanner' },
] as const;
