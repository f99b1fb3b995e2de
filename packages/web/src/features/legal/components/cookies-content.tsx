import { paths } from '@/app/paths';
import { CookiesTable } from './cookies-table';
import { LegalLink, LegalList, LegalSection } from './legal-section';

export function CookiesContent() {
  return (
    <>
      <LegalSection title="1. Qué son las cookies">
        <p>
          Las cookies son pequeños archivos que un sitio web guarda en tu navegador para recordar información
          entre visitas. Esta política también se aplica a tecnologías similares, como el almacenamiento local
          del navegador, que DrinkFlow utiliza con los mismos fines y plazos que se indican a continuación.
        </p>
      </LegalSection>

      <LegalSection title="2. Cookies que utilizamos">
        <p>
          Utilizamos cookies propias. Las técnicas y de preferencias son necesarias para que la aplicación
          funcione como esperas; las analíticas solo se activan si das tu consentimiento.
        </p>
        <CookiesTable />
        <p>
          Transcurrido el plazo indicado, la información se elimina de tu navegador o se renueva la próxima
          vez que uses la función correspondiente. Al cerrar sesión se borran los datos de autenticación de
          inmediato.
        </p>
      </LegalSection>

      <LegalSection title="3. Cómo gestionar las cookies">
        <p>Puedes permitir, bloquear o eliminar las cookies en cualquier momento:</p>
        <LegalList>
          <li>
            desde la configuración de privacidad de tu navegador (Chrome, Firefox, Safari, Edge u otros), que
            también te permite borrar el almacenamiento local del sitio;
          </li>
          <li>
            retirando tu consentimiento para las cookies analíticas, sin que ello afecte al resto del sitio.
          </li>
        </LegalList>
        <p>
          Si bloqueas las cookies de autenticación no podrás iniciar sesión en la aplicación, aunque sí
          consultar las páginas públicas.
        </p>
      </LegalSection>

      <LegalSection title="4. Más información">
        <p>
          Para saber cómo tratamos tus datos personales consulta la{' '}
          <LegalLink to={paths.legal.privacy}>Política de Privacidad</LegalLink>. Podemos actualizar esta
          política de cookies cuando cambien las cookies que utilizamos; la fecha de la versión vigente figura
          al inicio de la página.
        </p>
      </LegalSection>
    </>
  );
}
