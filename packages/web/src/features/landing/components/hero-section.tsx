import { ArrowRight, CircleCheck, QrCode } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { scrollToSection } from '../utils/scroll-to-section';
import { HeroScanPreview } from './hero-scan-preview';
import { SectionLink } from './section-link';

const highlights = [
  'Sin apps que instalar',
  'Funciona en cualquier móvil o tablet',
  'Respuesta en menos de 24 horas',
];

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
    >
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-fuchsia-500/20 blur-3xl" />
        <div className="absolute -bottom-32 -left-16 h-96 w-96 rounded-full bg-brand-500/30 blur-3xl" />
      </div>

      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/25">
            <QrCode className="h-4 w-4" aria-hidden />
            Control de barra libre con códigos QR
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            La barra libre de tu evento, por fin bajo control
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-brand-50">
            DrinkFlow limita y registra las consumiciones de cada invitado con un simple escaneo del QR de su
            ticket. Tú decides cuántas bebidas, en qué horario y cada cuánto tiempo.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              className="bg-white text-brand-800 shadow-lg hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-800"
              onClick={() => scrollToSection('contacto')}
            >
              Solicitar Demo Gratuita
              <ArrowRight className="h-5 w-5" aria-hidden />
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/50 bg-transparent text-white hover:bg-white/10 hover:text-white focus-visible:ring-white focus-visible:ring-offset-brand-800"
            >
              <SectionLink section="funciones">Ver funciones</SectionLink>
            </Button>
          </div>

          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-brand-50 sm:flex-row sm:flex-wrap">
            {highlights.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <CircleCheck className="h-4 w-4 shrink-0 text-emerald-300" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>

        <HeroScanPreview />
      </div>
    </section>
  );
}
