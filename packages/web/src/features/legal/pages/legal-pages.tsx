import { paths } from '@/app/paths';
import { CookiesContent } from '../components/cookies-content';
import { LegalLayout } from '../components/legal-layout';
import { LegalNoticeContent } from '../components/legal-notice-content';
import { LegalLink } from '../components/legal-section';
import { PrivacyContent } from '../components/privacy-content';
import { TermsContent } from '../components/terms-content';

export function LegalNoticePage() {
  return (
    <LegalLayout
      title="Aviso Legal"
      intro={
        <p>Información general sobre el titular de DrinkFlow y las condiciones de uso de este sitio web.</p>
      }
    >
      <LegalNoticeContent />
    </LegalLayout>
  );
}

export function TermsPage() {
  return (
    <LegalLayout
      title="Condiciones de Uso"
      intro={
        <p>
          Las reglas para usar DrinkFlow como organizador de eventos o personal de barra. Léelas con atención
          antes de crear tu cuenta o solicitar una demostración.
        </p>
      }
    >
      <TermsContent />
    </LegalLayout>
  );
}

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Política de Privacidad"
      intro={
        <p>
          Cómo tratamos tus datos personales conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica
          3/2018 de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).
        </p>
      }
    >
      <PrivacyContent />
    </LegalLayout>
  );
}

export function CookiesPage() {
  return (
    <LegalLayout
      title="Política de Cookies"
      intro={
        <p>
          Qué cookies utiliza DrinkFlow, para qué sirven y durante cuánto tiempo se conservan. Consulta
          también la <LegalLink to={paths.legal.privacy}>Política de Privacidad</LegalLink>.
        </p>
      }
    >
      <CookiesContent />
    </LegalLayout>
  );
}
