import { paths } from '@/app/paths';
import { LegalLink, LegalList, LegalSection, LegalSubheading } from './legal-section';

const contactPath = `${paths.home}#contacto`;

export function PrivacyContent() {
  return (
    <>
      <LegalSection title="1. Responsable del tratamiento">
        <p>
          El responsable del tratamiento de los datos recogidos en este sitio web y en la aplicación es
          DrinkFlow. Puedes contactar con nosotros para cualquier cuestión sobre privacidad a través del{' '}
          <LegalLink to={contactPath}>formulario de contacto</LegalLink>.
        </p>
      </LegalSection>

      <LegalSection title="2. Qué datos tratamos">
        <LegalSubheading>Solicitudes de demostración</LegalSubheading>
        <p>Nombre, email, teléfono (opcional), tipo de evento y el mensaje que nos envíes.</p>
        <LegalSubheading>Cuentas de usuario</LegalSubheading>
        <p>
          Nombre, apellidos, email, tipo de cuenta y contraseña. La contraseña nunca se guarda en claro: solo
          almacenamos una huella cifrada de ella.
        </p>
        <LegalSubheading>Datos de los eventos</LegalSubheading>
        <p>
          Eventos, tipos de ticket, pedidos con el nombre, email y teléfono de los invitados, tickets y el
          registro de consumiciones y escaneos (fecha, hora y resultado).
        </p>
        <LegalSubheading>Datos técnicos</LegalSubheading>
        <p>Dirección IP y registros de acceso necesarios para la seguridad y la prevención de abusos.</p>
      </LegalSection>

      <LegalSection title="3. Finalidades y base jurídica">
        <LegalList>
          <li>
            <strong>Atender tu solicitud de demostración</strong> y contactarte en menos de 24 horas:
            aplicación de medidas precontractuales a petición tuya (art. 6.1.b RGPD).
          </li>
          <li>
            <strong>Prestar el Servicio</strong> (gestión de la cuenta, eventos, tickets y validaciones):
            ejecución del contrato (art. 6.1.b RGPD).
          </li>
          <li>
            <strong>Seguridad del Servicio</strong>, prevención del fraude y registro de auditoría de los
            escaneos: interés legítimo (art. 6.1.f RGPD).
          </li>
          <li>
            <strong>Analítica de uso</strong> del sitio web: tu consentimiento (art. 6.1.a RGPD), que puedes
            retirar en cualquier momento.
          </li>
          <li>
            <strong>Cumplimiento de obligaciones legales</strong> (art. 6.1.c RGPD).
          </li>
        </LegalList>
        <p>
          No tomamos decisiones automatizadas con efectos jurídicos sobre las personas ni elaboramos perfiles.
        </p>
      </LegalSection>

      <LegalSection title="4. Datos de los invitados">
        <p>
          Los datos de los invitados los introduce el organizador del evento, que es el responsable de su
          tratamiento. DrinkFlow los trata como encargado del tratamiento, por cuenta del organizador y solo
          para prestarle el Servicio, conforme al artículo 28 del RGPD. Si eres invitado y quieres ejercer tus
          derechos, dirígete al organizador de tu evento; te ayudaremos a atender tu solicitud.
        </p>
      </LegalSection>

      <LegalSection title="5. Plazos de conservación">
        <LegalList>
          <li>
            <strong>Datos de los eventos</strong>: 3 años desde la finalización del evento; después se
            eliminan o anonimizan. El organizador puede eliminarlos antes borrando el evento.
          </li>
          <li>
            <strong>Cuentas de usuario</strong>: mientras la cuenta esté activa y, tras la baja, durante los
            plazos de prescripción de las obligaciones legales.
          </li>
          <li>
            <strong>Solicitudes de demostración</strong>: el tiempo necesario para atenderlas y, como máximo,
            un año si no llegas a contratar el Servicio.
          </li>
          <li>
            <strong>Sesiones</strong>: la sesión caduca a los 30 días o cuando cierras sesión.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection title="6. Destinatarios">
        <p>
          No cedemos tus datos a terceros salvo obligación legal. Podrán acceder a ellos los proveedores que
          nos prestan servicios de alojamiento y soporte técnico, como encargados del tratamiento y con las
          garantías del RGPD. Si algún proveedor se encontrara fuera del Espacio Económico Europeo, la
          transferencia se realizaría con las garantías adecuadas, como las cláusulas contractuales tipo de la
          Comisión Europea.
        </p>
      </LegalSection>

      <LegalSection title="7. Tus derechos">
        <p>
          Puedes ejercer los derechos de acceso, rectificación, supresión, oposición, limitación del
          tratamiento y portabilidad, así como retirar tu consentimiento, a través del{' '}
          <LegalLink to={contactPath}>formulario de contacto</LegalLink>. Puedes actualizar los datos de tu
          cuenta directamente desde tu perfil.
        </p>
        <p>
          Si consideras que no hemos atendido correctamente tu solicitud, puedes presentar una reclamación
          ante la Agencia Española de Protección de Datos (www.aepd.es).
        </p>
      </LegalSection>

      <LegalSection title="8. Menores de edad">
        <p>
          El Servicio está dirigido exclusivamente a mayores de 18 años. No recogemos de forma consciente
          datos de menores; si detectamos que se han facilitado, los eliminaremos.
        </p>
      </LegalSection>

      <LegalSection title="9. Seguridad">
        <p>
          Aplicamos medidas técnicas y organizativas adecuadas: comunicaciones cifradas, contraseñas
          protegidas mediante funciones de derivación de claves, códigos QR y claves de escáner aleatorios,
          control de acceso por roles y límites frente a intentos de acceso abusivos.
        </p>
      </LegalSection>

      <LegalSection title="10. Cookies y cambios en esta política">
        <p>
          El uso de cookies se explica en la{' '}
          <LegalLink to={paths.legal.cookies}>Política de Cookies</LegalLink>. Podemos actualizar esta
          política; la fecha de la versión vigente figura al inicio de la página.
        </p>
      </LegalSection>
    </>
  );
}
