import { expectNoSeriousA11yViolations } from './support/accessibility';
import { loginThroughForm, registerThroughApi, uniqueEmail } from './support/accounts';
import { consumosOf, createLiveEvent, createTicket } from './support/scanner-data';
import { codeField, verdict, wedgeScan } from './support/scanner-page';
import { expect, test } from './support/test';

// The event's people (docs/rules/team.md) on a phone: the organizer invites an email without an
// account from the event's page; the invited person opens the link in their own browser, creates
// the account, lands on their staff home and scans for the event with a browser paired to them.

const phone = { width: 360, height: 740 };
test.use({ viewport: phone });

test('an invited bartender creates the account from the link, lands on /barra and scans a ticket', async ({
  page,
  browser,
  context,
}) => {
  const organizer = await registerThroughApi(page.request, { nombre: 'Olga' });
  const evento = await createLiveEvent(page.request, organizer.token, 'Fiesta del Equipo');
  const ticket = await createTicket(page.request, organizer.token, evento);
  const invited = uniqueEmail('barra');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await loginThroughForm(page, organizer.email, organizer.password);
  await expect(page).toHaveURL('/organizer/eventos');
  await page.goto(`/organizer/evento/${evento.id}`);
  const addForm = page.getByRole('form', { name: 'Añadir persona' });
  await addForm.getByLabel('Email').fill(invited);
  await expect(addForm.getByLabel('Rol')).toHaveValue('barra');
  await addForm.getByRole('button', { name: 'Añadir persona' }).click();

  const member = page.getByRole('listitem', { name: invited });
  await expect(member.getByText('Pendiente')).toBeVisible();
  await expect(member.getByText(/Dura 7 días y solo sirve una vez/)).toBeVisible();
  const link = (await member.getByTestId('invitation-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^http://localhost:\\d+/invitacion/[A-Za-z0-9_-]+$`));
  await member.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoSeriousA11yViolations(page);

  // The invited person's own phone: no session, no pairing.
  const theirs = await browser.newContext({ viewport: phone, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const bartender = await theirs.newPage();
  await bartender.goto(link);
  await expect(bartender.getByRole('heading', { name: 'Invitación al equipo' })).toBeVisible();
  await expect(bartender.getByRole('definition').filter({ hasText: invited })).toBeVisible();
  await expect(bartender.getByText('Solo el escáner')).toBeVisible();
  await expectNoSeriousA11yViolations(bartender);
  const accountForm = bartender.getByRole('form', { name: 'Crear cuenta' });
  await accountForm.getByLabel('Nombre').fill('Nora');
  await accountForm.getByLabel(/^Contraseña/).fill('secreto123');
  await accountForm.getByRole('button', { name: 'Crear cuenta y unirme' }).click();

  await expect(bartender).toHaveURL('/barra');
  await expect(bartender.getByRole('heading', { level: 1, name: 'Mis eventos' })).toBeVisible();
  const openButton = bartender.getByRole('button', { name: `Abrir escáner de ${evento.nombre}` });
  // The first screen of a phone shows the event and its button, without scrolling.
  await expect(openButton).toBeInViewport();
  await expect(
    bartender
      .getByRole('list', { name: 'Mis eventos' })
      .getByRole('listitem')
      .filter({ hasText: evento.nombre }),
  ).toContainText('Barra');
  await expectNoSeriousA11yViolations(bartender);
  await openButton.click();

  await expect(bartender).toHaveURL(`/scanner/${evento.apiKey}`);
  await expect(bartender.getByRole('region', { name: 'Evento' })).toContainText(evento.nombre);
  await bartender.getByRole('button', { name: 'Ahora no' }).click();
  await codeField(bartender).click();
  await wedgeScan(bartender, ticket.qrCode);
  await expect(verdict(bartender, 'Consumo Registrado')).toBeVisible();
  expect(await consumosOf(page.request, organizer.token, ticket.id)).toHaveLength(1);

  // The link worked once.
  await bartender.goto(link);
  await expect(bartender.getByText('La invitación no es válida, ya se usó o ha caducado.')).toBeVisible();
  await theirs.close();
});
