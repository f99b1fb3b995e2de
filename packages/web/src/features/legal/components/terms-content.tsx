import { paths } from '@/app/paths';
import { LegalLink, LegalList, LegalSection } from './legal-section';

export function TermsContent() {
  return (
    <>
      <LegalSection title="1. Objeto y aceptación">
        <p>
          Estas Condiciones de Uso regulan el acceso y la utilización de la aplicación DrinkFlow («el
          Servicio»). Al crear una cuenta, solicitar una demostración o utilizar el escáner de barra, aceptas
          estas condiciones. Si no estás de acuerdo con ellas, no utilices el Servicio.
        </p>
      </LegalSection>

      <LegalSection title="2. Descripción del Servicio">
        <p>DrinkFlow permite a los organizadores de eventos:</p>
        <LegalList>
          <li>crear eventos y tipos de ticket con límites de bebidas, horarios de servicio e intervalos;</li>
          <li>registrar pedidos de sus invitados y emitir tickets con un código QR único;</li>
          <li>validar cada consumición escaneando el QR desde la barra;</li>
          <li>consultar estadísticas del evento y exportar pedidos y consumos.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="3. Requisitos y cuentas de usuario">
        <p>
          El Servicio está reservado a <strong>personas mayores de 18 años</strong>. Existen cuentas de
          organizador de eventos y de personal de barra; las cuentas de administración las gestiona DrinkFlow.
        </p>
        <LegalList>
          <li>Debes facilitar datos veraces y mantenerlos actualizados.</li>
          <li>
            Eres responsable de la confidencialidad de tu contraseña y de la actividad realizada con tu
            cuenta. La sesión caduca a los 30 días y puedes cerrarla en cualquier momento.
          </li>
          <li>Avísanos de inmediato si detectas un uso no autorizado de tu cuenta.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="4. Obligaciones del organizador">
        <p>Como organizador de un evento te comprometes a:</p>
        <LegalList>
          <li>
            cumplir la normativa sobre venta y suministro de bebidas alcohólicas y no permitir que se sirva
            alcohol a menores de 18 años, con independencia de lo que indique el escáner;
          </li>
          <li>promover un consumo responsable y configurar límites adecuados al tipo de evento;</li>
          <li>
            informar a tus invitados del tratamiento de sus datos y contar con una base legal para
            registrarlos, ya que respecto de esos datos actúas como responsable del tratamiento y DrinkFlow
            como encargado;
          </li>
          <li>no utilizar el Servicio para fines ilícitos ni para enviar comunicaciones no solicitadas.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="5. Personal de barra y enlace del escáner">
        <p>
          Cada evento dispone de un enlace de escáner con una clave propia que permite validar tickets sin
          iniciar sesión. Compártelo solo con tu personal de barra. Si sospechas que la clave se ha difundido,
          regenérala desde el detalle del evento: la clave anterior deja de funcionar de inmediato.
        </p>
      </LegalSection>

      <LegalSection title="6. Funcionamiento de las validaciones">
        <p>
          El escáner decide si un ticket admite una consumición según la configuración de su tipo de ticket
          (número máximo de bebidas, horario de validez, intervalos y tipo de bebida). El organizador es
          responsable de revisar esa configuración. El Servicio necesita conexión a internet; ante una
          incidencia técnica, el personal del evento debe aplicar su propio criterio.
        </p>
      </LegalSection>

      <LegalSection title="7. Conservación de los datos del evento">
        <p>
          Los datos de cada evento (tipos de ticket, pedidos, tickets y registro de consumos) se conservan
          durante <strong>3 años</strong> desde la finalización del evento, para que puedas consultar el
          histórico y atender obligaciones legales. Transcurrido ese plazo se eliminan o anonimizan. Puedes
          exportarlos antes o eliminar un evento en cualquier momento; al hacerlo se borran también todos sus
          datos.
        </p>
      </LegalSection>

      <LegalSection title="8. Usos prohibidos">
        <LegalList>
          <li>Manipular, falsificar o duplicar tickets o códigos QR.</li>
          <li>Intentar eludir los límites de consumo o acceder a datos de eventos ajenos.</li>
          <li>Realizar ingeniería inversa, pruebas de carga no autorizadas o ataques contra el Servicio.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="9. Disponibilidad, suspensión y baja">
        <p>
          Procuramos que el Servicio esté disponible de forma continuada, aunque pueden producirse
          interrupciones por mantenimiento o causas ajenas a nosotros. Podremos suspender las cuentas que
          incumplan estas condiciones. Puedes solicitar la baja de tu cuenta en cualquier momento.
        </p>
      </LegalSection>

      <LegalSection title="10. Responsabilidad">
        <p>
          DrinkFlow no es responsable del consumo de bebidas en los eventos, de las decisiones tomadas por el
          organizador o su personal, ni de los daños derivados de un uso del Servicio contrario a estas
          condiciones. Nada de lo aquí dispuesto limita los derechos que la ley reconoce a los consumidores.
        </p>
      </LegalSection>

      <LegalSection title="11. Modificaciones y legislación aplicable">
        <p>
          Podemos actualizar estas condiciones; la fecha de la última versión figura al inicio de esta página
          y los cambios relevantes se comunicarán con antelación. Se rigen por la legislación española.
          Consulta también la <LegalLink to={paths.legal.privacy}>Política de Privacidad</LegalLink> y el{' '}
          <LegalLink to={paths.legal.notice}>Aviso Legal</LegalLink>.
        </p>
      </LegalSection>
    </>
  );
}
