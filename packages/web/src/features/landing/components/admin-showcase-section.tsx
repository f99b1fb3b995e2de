import { BellRing, ChartColumn, Download, SlidersHorizontal } from 'lucide-react';
import { DashboardPreview } from './dashboard-preview';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const panelFeatures = [
  {
    icon: ChartColumn,
    title: 'Dashboard en tiempo real',
    description: 'Consumo por hora, bebidas más populares y estado de los tickets, actualizados al momento.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Límites y horarios ajustables',
    description: 'Cambia límites y horarios durante el evento si la fiesta se alarga o cambian los planes.',
  },
  {
    icon: Download,
    title: 'Exportación e informes',
    description: 'Descarga pedidos y consumos para tu contabilidad o para entregárselos a tu cliente.',
  },
  {
    icon: BellRing,
    title: 'Alertas',
    description: 'Avisos cuando algo requiere tu atención, como picos de consumo o tickets agotados.',
  },
];

const claims = [
  { value: '500+', label: 'eventos gestionados' },
  { value: '95%', label: 'de satisfacción entre organizadores' },
  { value: '30%', label: 'de ahorro medio en la barra' },
];

export function AdminShowcaseSection() {
  return (
    <LandingSection labelledBy="panel-title" className="bg-slate-900 text-white">
      <SectionHeading
        id="panel-title"
        inverted
        eyebrow="Panel de administración"
        title="Todo lo que pasa en tu barra, en una sola pantalla"
        description="Un panel completo para seguir el evento en directo y tomar decisiones con datos reales."
      />

      <div className="mt-14 grid items-center gap-12 lg:grid-cols-2">
        <ul className="space-y-8">
          {panelFeatures.map(({ icon: Icon, title, description }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-white">{title}</h3>
                <p className="mt-1 text-slate-300">{description}</p>
              </div>
            </li>
          ))}
        </ul>
        <DashboardPreview />
      </div>

      <dl className="mt-16 grid gap-6 border-t border-slate-700 pt-12 sm:grid-cols-3">
        {claims.map(({ value, label }) => (
          <div key={value} className="flex flex-col-reverse items-center text-center">
            <dt className="mt-1 text-slate-300">{label}</dt>
            <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{value}</dd>
          </div>
        ))}
      </dl>
    </LandingSection>
  );
}
