const hourly = [
  { hour: '21h', value: 35 },
  { hour: '22h', value: 62 },
  { hour: '23h', value: 88 },
  { hour: '00h', value: 100 },
  { hour: '01h', value: 74 },
  { hour: '02h', value: 41 },
];

const popular = [
  { name: 'Copas', share: 46 },
  { name: 'Cerveza', share: 34 },
  { name: 'Vino', share: 20 },
];

const ticketStatus = [
  { label: 'Activos', value: 182, className: 'bg-emerald-100 text-emerald-900' },
  { label: 'Agotados', value: 41, className: 'bg-amber-100 text-amber-900' },
  { label: 'Invalidados', value: 3, className: 'bg-red-100 text-red-900' },
];

/** A stylised screenshot of the live dashboard; announced as one image with a summary. */
export function DashboardPreview() {
  return (
    <div
      role="img"
      aria-label="Ejemplo del panel en directo: consumo por hora con el pico a medianoche, bebidas más populares y estado de los tickets"
      className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-white/10 sm:p-6"
    >
      <div className="flex items-center justify-between">
        <p className="font-semibold">Consumo por hora</p>
        <span className="flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">
          <span className="h-2 w-2 rounded-full bg-emerald-600" />
          En directo
        </span>
      </div>
      <div className="mt-4 flex h-36 items-end gap-3 border-b border-slate-200">
        {hourly.map(({ hour, value }) => (
          <div key={hour} className="flex h-full flex-1 flex-col justify-end">
            <div className="rounded-t-md bg-brand-600" style={{ height: `${value}%` }} />
          </div>
        ))}
      </div>
      <div className="mt-1 flex gap-3">
        {hourly.map(({ hour }) => (
          <span key={hour} className="flex-1 text-center text-xs text-slate-600">
            {hour}
          </span>
        ))}
      </div>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <p className="text-sm font-semibold">Bebidas más populares</p>
          <ul className="mt-3 space-y-2.5">
            {popular.map(({ name, share }) => (
              <li key={name}>
                <div className="flex justify-between text-xs text-slate-700">
                  <span>{name}</span>
                  <span>{share}%</span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100">
                  <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share * 2}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="text-sm font-semibold">Estado de tickets</p>
          <ul className="mt-3 space-y-2">
            {ticketStatus.map(({ label, value, className }) => (
              <li key={label} className={`flex justify-between rounded-lg px-3 py-1.5 text-sm ${className}`}>
                <span>{label}</span>
                <span className="font-semibold">{value}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
