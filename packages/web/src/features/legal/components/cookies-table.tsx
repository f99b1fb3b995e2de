const cookies = [
  {
    type: 'Autenticación',
    purpose: 'Mantener tu sesión iniciada de forma segura mientras usas la aplicación.',
    duration: '30 días',
    consent: 'No, es estrictamente necesaria',
  },
  {
    type: 'Preferencias',
    purpose: 'Recordar tus elecciones, como el último evento seleccionado.',
    duration: '1 año',
    consent: 'No, es necesaria para la función que pides',
  },
  {
    type: 'Configuración de la interfaz',
    purpose: 'Recordar ajustes de visualización, como el menú lateral o los filtros.',
    duration: '6 meses',
    consent: 'No, es necesaria para la función que pides',
  },
  {
    type: 'Analíticas',
    purpose: 'Medir de forma agregada cómo se usa el sitio web para mejorarlo.',
    duration: '2 años',
    consent: 'Sí, solo se activan si las aceptas',
  },
];

export function CookiesTable() {
  return (
    <>
      <CookiesTableView />
      <CookiesCards />
    </>
  );
}

/** Phones: one card per cookie type instead of a table that needs sideways scrolling. */
function CookiesCards() {
  return (
    <ul className="space-y-3 sm:hidden">
      {cookies.map((cookie) => (
        <li key={cookie.type} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <p className="font-semibold text-slate-900">{cookie.type}</p>
          <dl className="mt-2 space-y-1.5 text-slate-700">
            <div>
              <dt className="inline font-medium text-slate-900">Finalidad: </dt>
              <dd className="inline">{cookie.purpose}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-900">Duración: </dt>
              <dd className="inline">{cookie.duration}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-900">¿Requiere consentimiento? </dt>
              <dd className="inline">{cookie.consent}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CookiesTableView() {
  return (
    // Focusable so keyboard users can scroll it if a narrow window makes it scroll sideways.
    <div
      role="region"
      aria-label="Tabla de cookies"
      tabIndex={0}
      className="hidden overflow-x-auto rounded-xl border sm:block border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <table className="w-full min-w-[34rem] text-left text-sm">
        <caption className="sr-only">Cookies utilizadas por DrinkFlow, su finalidad y su duración</caption>
        <thead className="bg-slate-100 text-slate-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Tipo
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Finalidad
            </th>
            <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
              Duración
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              ¿Requiere consentimiento?
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">
          {cookies.map((cookie) => (
            <tr key={cookie.type}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {cookie.type}
              </th>
              <td className="px-4 py-3">{cookie.purpose}</td>
              <td className="px-4 py-3 whitespace-nowrap">{cookie.duration}</td>
              <td className="px-4 py-3">{cookie.consent}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
