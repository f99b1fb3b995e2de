import { Briefcase, Cake, Heart, Music } from 'lucide-react';
import { FeatureCard } from './feature-card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const eventKinds = [
  {
    icon: Heart,
    title: 'Bodas',
    description: 'Barra libre para todos tus invitados sin sorpresas en la factura final del catering.',
  },
  {
    icon: Cake,
    title: 'Cumpleaños',
    description:
      'Celebra sin preocupaciones: cada invitado disfruta de las consumiciones que tiene incluidas.',
  },
  {
    icon: Briefcase,
    title: 'Eventos corporativos',
    description: 'Cenas de empresa, congresos y presentaciones con un presupuesto de barra bajo control.',
  },
  {
    icon: Music,
    title: 'Festivales',
    description: 'Miles de asistentes y varias barras a la vez, con validaciones en segundos y sin colas.',
  },
];

export function EventTypesSection() {
  return (
    <LandingSection id="eventos" labelledBy="eventos-title">
      <SectionHeading
        id="eventos-title"
        eyebrow="Eventos"
        title="Perfecto para cualquier celebración"
        description="Desde una boda íntima hasta un festival con varias barras: DrinkFlow se adapta al tamaño de tu evento."
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {eventKinds.map((kind) => (
          <li key={kind.title}>
            <FeatureCard {...kind} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
