import { Clock, GlassWater, Layers, Timer } from 'lucide-react';
import { FeatureCard } from './feature-card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const ticketModes = [
  {
    icon: GlassWater,
    title: 'Máximo de bebidas',
    description:
      'Asigna a cada ticket un número máximo de consumiciones. Cuando se agotan, el escáner lo indica al instante.',
    example: '4 bebidas por invitado',
  },
  {
    icon: Clock,
    title: 'Control horario',
    description:
      'Barra libre sin límite de bebidas durante las horas de servicio que elijas. Fuera de ese horario, el ticket deja de ser válido.',
    example: 'Barra libre de 23:00 a 02:00',
  },
  {
    icon: Timer,
    title: 'Intervalos entre bebidas',
    description:
      'Fija un tiempo mínimo entre una consumición y la siguiente para mantener un ritmo de consumo responsable.',
    example: '1 bebida cada 30 min',
  },
  {
    icon: Layers,
    title: 'Configuración mixta',
    description:
      'Combina horario, intervalos y límite de bebidas, y elige qué se puede servir con cada ticket: copas, cerveza o todo.',
    example: '6 copas en 3 horas, 1 cada 30 min',
  },
];

export function TicketConfigSection() {
  return (
    <LandingSection id="funciones" labelledBy="funciones-title">
      <SectionHeading
        id="funciones-title"
        eyebrow="Funciones"
        title="Configura cada ticket a tu medida"
        description="Crea tantos tipos de ticket como necesites y decide para cada uno cómo se consume la barra libre."
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {ticketModes.map(({ example, ...mode }) => (
          <li key={mode.title}>
            <FeatureCard {...mode}>
              <p className="mt-5 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
                <span className="sr-only">Ejemplo: </span>
                {example}
              </p>
            </FeatureCard>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
