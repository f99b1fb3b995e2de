import { useEffect } from 'react';
import { AdminShowcaseSection } from '../components/admin-showcase-section';
import { BenefitsSection } from '../components/benefits-section';
import { ContactSection } from '../components/contact-section';
import { EventTypesSection } from '../components/event-types-section';
import { HeroSection } from '../components/hero-section';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { TicketConfigSection } from '../components/ticket-config-section';
import { WorkflowSection } from '../components/workflow-section';
import { scrollToSection } from '../utils/scroll-to-section';

export function LandingPage() {
  // Arriving from another page at /#contacto: the sections exist only after this render.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, []);

  return (
    <>
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="outline-none">
        <HeroSection />
        <TicketConfigSection />
        <WorkflowSection />
        <EventTypesSection />
        <BenefitsSection />
        <AdminShowcaseSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
