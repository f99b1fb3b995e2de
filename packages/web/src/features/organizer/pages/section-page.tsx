import { BackToEventsButton } from '@/components/back-to-events-button';

/** A section of the organizer area whose screen is not built yet: says so and leads back. */
export function SectionPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">Esta sección aún no está disponible.</p>
      <BackToEventsButton variant="outline" />
    </div>
  );
}
