import { paths } from '@/app/paths';
import { LegalLink, LegalList, LegalSection } from './legal-section';

const contactPath = `${paths.home}#contacto`;

export function LegalNoticeContent() {
  return (
    <>
      <LegalSection title="1. Titular del sitio web">
        <p>
          En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la
          Información y de Comercio Electrónico (LSSI-CE), se informa de que este sitio web y la aplicación
          DrinkFlow (en adelante, «DrinkFlow» o «el Servicio») son titularidad de DrinkFlow.
        </p>
        <p>
          Para cualquier consulta relacionada con este sitio web puedes dirigirte a nosotros a través del{' '}
          <LegalLink to={contactPath}>formulario de contacto</LegalLink> de la página de inicio.
        </p>
      </LegalSection>

      <LegalSection title="2. Objeto">
        <p>
          DrinkFlow es una plataforma para gestionar el consumo de barra libre en eventos mediante tickets con
          código QR. Este sitio web informa sobre el Servicio, permite solicitar una demostración y da acceso
          a la aplicación a organizadores de eventos y al personal de barra.
        </p>
        <p>
          El acceso al sitio web atribuye la condición de usuario e implica la aceptación de este Aviso Legal.
          El uso de la aplicación se rige además por las{' '}
          <LegalLink to={paths.legal.terms}>Condiciones de Uso</LegalLink>.
        </p>
      </LegalSection>

      <LegalSection title="3. Mayoría de edad">
        <p>
          El Servicio está relacionado con la dispensación de bebidas, incluidas bebidas alcohólicas, y está
          dirigido exclusivamente a <strong>personas mayores de 18 años</strong>. Al utilizar el sitio web
          declaras ser mayor de edad. Los organizadores son responsables de que en sus eventos no se sirva
          alcohol a menores, de acuerdo con la normativa aplicable.
        </p>
      </LegalSection>

      <LegalSection title="4. Uso del sitio web">
        <p>El usuario se compromete a hacer un uso adecuado y lícito del sitio web y, en particular, a no:</p>
        <LegalList>
          <li>utilizarlo con fines contrarios a la ley, a la moral o al orden público;</li>
          <li>intentar acceder sin autorización a cuentas, eventos o datos de otros usuarios;</li>
          <li>introducir virus, programas maliciosos o cualquier elemento que pueda dañar los sistemas;</li>
          <li>sobrecargar el Servicio mediante peticiones automatizadas o masivas.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="5. Propiedad intelectual e industrial">
        <p>
          Los contenidos del sitio web (textos, diseño, logotipos, código fuente y demás elementos) son
          propiedad de DrinkFlow o de sus licenciantes y están protegidos por la normativa de propiedad
          intelectual e industrial. Queda prohibida su reproducción, distribución o transformación sin
          autorización expresa, salvo para el uso personal y privado del sitio.
        </p>
      </LegalSection>

      <LegalSection title="6. Responsabilidad">
        <p>
          DrinkFlow trabaja para que el sitio web esté disponible y sus contenidos sean exactos, pero no
          garantiza la ausencia de interrupciones o errores. No será responsable de los daños derivados de un
          uso indebido del sitio, de causas de fuerza mayor o de actuaciones de terceros ajenas a su control.
        </p>
        <p>
          Las cifras comerciales que se muestran en la página de inicio tienen carácter orientativo y no
          constituyen una garantía de resultados para un evento concreto.
        </p>
      </LegalSection>

      <LegalSection title="7. Enlaces">
        <p>
          Si el sitio web incluyera enlaces a páginas de terceros, DrinkFlow no se hace responsable de sus
          contenidos ni de sus políticas de privacidad, que se rigen por sus propias condiciones.
        </p>
      </LegalSection>

      <LegalSection title="8. Protección de datos y cookies">
        <p>
          El tratamiento de tus datos personales se describe en la{' '}
          <LegalLink to={paths.legal.privacy}>Política de Privacidad</LegalLink> y el uso de cookies y
          tecnologías similares, en la <LegalLink to={paths.legal.cookies}>Política de Cookies</LegalLink>.
        </p>
      </LegalSection>

      <LegalSection title="9. Legislación aplicable y jurisdicción">
        <p>
          Este Aviso Legal se rige por la legislación española. Para la resolución de cualquier controversia,
          las partes se someten a los juzgados y tribunales que correspondan conforme a la ley; cuando el
          usuario tenga la condición de consumidor, serán competentes los de su domicilio.
        </p>
      </LegalSection>
    </>
  );
}
