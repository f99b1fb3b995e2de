import { DEMO_PASSWORD, demoUsers } from '@drinkflow/domain/demo-users';
import { rolLabels } from '@drinkflow/domain/roles';

/** Shown only in demo mode: the seeded accounts anyone may try (docs/rules/operations.md). */
export function DemoUsersBox({ onPick }: { onPick(email: string, password: string): void }) {
  return (
    <section
      aria-labelledby="demo-users-title"
      className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm"
    >
      <h2 id="demo-users-title" className="font-semibold text-brand-900">
        Usuarios de prueba
      </h2>
      {/* Role above, email and 'Usar' on one line: a long email is cut, never pushing the button down. */}
      <ul className="mt-2 space-y-2">
        {demoUsers.map((user) => (
          <li key={user.email} className="flex items-end justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-medium text-brand-900">{rolLabels[user.rol]}</p>
              <p className="truncate" title={user.email}>
                {user.email}
              </p>
            </div>
            <button
              type="button"
              className="shrink-0 text-brand-800 underline underline-offset-2 hover:text-brand-900"
              onClick={() => onPick(user.email, DEMO_PASSWORD)}
              aria-label={`Usar la cuenta de ${rolLabels[user.rol]}`}
            >
              Usar
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Contraseña para todos:{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono">{DEMO_PASSWORD}</code>
      </p>
    </section>
  );
}
