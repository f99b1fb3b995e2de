import { ScanQrCode, ShieldCheck, ThumbsUp } from 'lucide-react';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';

const steps = [
  {
    icon: ScanQrCode,
    title: 'Escanea el QR',
    description:
      'El camarero escanea el código QR del ticket del invitado con la cámara de su móvil, una tablet o un lector de mano.',
  },
  {
    icon: ShieldCheck,
    title: 'Verificación automática',
    description:
      'DrinkFlow comprueba al momento si el ticket es válido, si le quedan consumiciones y si respeta el horario y el intervalo.',
  },
  {
    icon: ThumbsUp,
    title: 'Confirmación y servicio',
    description:
      'Una respuesta verde o roja, legible a un brazo de distancia, indica si servir. La consumición queda registrada.',
  },
];

export function WorkflowSection() {
  return (
    <LandingSection labelledBy="flujo-title" className="bg-slate-50">
      <SectionHeading
        id="flujo-title"
        eyebrow="Cómo funciona"
        title="Así de fácil trabaja tu equipo de barra"
        description="Sin formación previa ni equipos especiales: tres pasos y unos segundos por invitado."
      />
      <ol className="mt-14 grid gap-8 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, description }, index) => (
          <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <Icon className="h-7 w-7 text-brand-700" aria-hidden />
            </div>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">
              <span className="sr-only">Paso {index + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 text-slate-600">{description}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
