import { CircleCheck, Clock } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LandingSection } from './landing-section';

// The form brings the form library and the schemas: it loads once the page has painted, when the
// browser is idle or the visitor nears it, so that the first view downloads none of it.
const DemoRequestForm = lazy(async () => ({
  default: (await import('./demo-request-form')).DemoRequestForm,
}));

const included = [
  'Una demostración adaptada a tu tipo de evento',
  'Ayuda para configurar tus primeros tipos de ticket',
  'Sin compromiso y sin tarjeta de crédito',
];

export function ContactSection() {
  return (
    <LandingSection id="contacto" labelledBy="contacto-title">
      <div className="grid gap-12 lg:grid-cols-5 lg:gap-16">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contacto</p>
          <h2
            id="contacto-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Solicita tu demo gratuita
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Cuéntanos cómo es tu evento y te enseñaremos DrinkFlow con un caso como el tuyo.
          </p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-800">
            <Clock className="h-4 w-4" aria-hidden />
            Te contactaremos en menos de 24 horas
          </p>
          <ul className="mt-8 space-y-4">
            {included.map((text) => (
              <li key={text} className="flex gap-3 text-slate-700">
                <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8 lg:col-span-3">
          <DeferredDemoRequestForm />
        </div>
      </div>
    </LandingSection>
  );
}

function DeferredDemoRequestForm() {
  const placeholder = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const show = () => setWanted(true);
    if (typeof IntersectionObserver === 'undefined') return show();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '800px',
    });
    if (placeholder.current) observer.observe(placeholder.current);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(show, { timeout: 4000 })
      : window.setTimeout(show, 2000);
    return () => {
      observer.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);

  const loading = <div ref={placeholder} className="min-h-[44rem]" aria-busy="true" />;
  if (!wanted) return loading;
  return (
    <Suspense fallback={loading}>
      <DemoRequestForm />
    </Suspense>
  );
}
