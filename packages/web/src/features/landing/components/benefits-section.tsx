import { Activity, FileChartColumn, PiggyBank, ShieldCheck, SlidersHorizontal, Sparkles } from 'lucide-react';
import { FeatureCard } from './feature-card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const benefits = [
  {
    icon: ShieldCheck,
    title: 'Prevención de abusos',
    description:
      'Cada QR es único y se valida en el momento: sin tickets duplicados ni consumiciones de más.',
  },
  {
    icon: Activity,
    title: 'Seguimiento en tiempo real',
    description:
      'Consulta cuántas bebidas se han servido y las horas de más consumo mientras el evento sigue.',
  },
  {
    icon: Sparkles,
    title: 'Mejor experiencia',
    description:
      'Tus invitados solo enseñan su ticket: sin fichas, pulseras ni efectivo, y la barra va más rápida.',
  },
  {
    icon: PiggyBank,
    title: 'Control de costes',
    description:
      'Conoces de antemano el máximo de consumiciones y evitas desviaciones en la factura de la barra.',
  },
  {
    icon: FileChartColumn,
    title: 'Informes detallados',
    description: 'Exporta pedidos y consumos para analizar cada evento y preparar mejor el siguiente.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Configuración sencilla',
    description: 'Crea el evento, define los tipos de ticket y genera los QR en minutos, sin instalar nada.',
  },
];

export function BenefitsSection() {
  return (
    <LandingSection id="beneficios" labelledBy="beneficios-title" className="bg-slate-50">
      <SectionHeading
        id="beneficios-title"
        eyebrow="Beneficios"
        title="Por qué los organizadores eligen DrinkFlow"
        description="Menos preocupaciones para ti, una barra más ágil para tus invitados y cuentas claras al final de la noche."
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title}>
            <FeatureCard {...benefit} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
