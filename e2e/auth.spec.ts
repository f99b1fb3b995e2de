import { demoAccounts, loginThroughForm, registerThroughApi, uniqueEmail } from './support/accounts';
import { expect, test } from './support/test';

test.describe('login', () => {
  test('each demo user lands on the home of their role', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByText('Administrador', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL('/');

    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await expect(page.getByText('Organizador', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL('/');

    await loginThroughForm(page, demoAccounts.scanner);
    await expect(page).toHaveURL('/barra');
  });

  test('shows the test users box in demo mode and fills the form from it', async ({ page }) => {
    await page.goto('/login');
    const box = page.getByRole('region', { name: 'Usuarios de prueba' });
    await expect(box).toContainText('organizador@drinkflow.test');
    await expect(box).toContainText('drinkflow');
    await box.getByRole('button', { name: 'Usar la cuenta de Organizador' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('organizador@drinkflow.test');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL('/organizer/eventos');
  });

  test('toggles the password visibility', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('visible?');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('refuses empty fields and wrong credentials with a message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('Por favor completa todos los campos.', { exact: true })).toBeVisible();

    await loginThroughForm(page, demoAccounts.organizer, 'incorrecta');
    await expect(page.getByText('Error de autenticación', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Credenciales inválidas. Verifica tu email y contraseña.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the session survives a reload and logout ends it', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Eventos' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('drinkflow_token'))).toBeNull();
    await page.goto('/organizer/eventos');
    await expect(page).toHaveURL('/login?next=%2Forganizer%2Feventos');
  });

  test('a revoked stored token is cleared on start', async ({ page, request }) => {
    const account = await registerThroughApi(request);
    await page.goto('/');
    await page.evaluate(
      ([token]) => {
        localStorage.setItem('drinkflow_token', token!);
        localStorage.setItem(
          'drinkflow_user',
          JSON.stringify({ id: 1, nombre: 'X', apellido: null, email: 'x@x.es', rol: 'organizer' }),
        );
      },
      [account.token],
    );
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${account.token}` } });
    await page.goto('/organizer/eventos');
    await expect(page).toHaveURL('/login?next=%2Forganizer%2Feventos');
    expect(await page.evaluate(() => localStorage.getItem('drinkflow_token'))).toBeNull();
  });
});

test.describe('register', () => {
  test('an organizer account lands on the organizer area', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('radio', { name: /Organizador de eventos/ })).toBeChecked();
    await page.getByLabel('Nombre *').fill('Marta');
    await page.getByLabel('Apellido').fill('Ruiz');
    await page.getByLabel('Email *').fill(uniqueEmail('marta'));
    await page.getByLabel('Contraseña *').fill('secreto123');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page.getByText('Cuenta creada exitosamente', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/organizer/eventos');
    await expect(page.getByText('Marta Ruiz')).toBeVisible();
  });

  test('a bar staff account lands on its events, told how to be added to one', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Nombre *').fill('Pepe');
    await page.getByLabel('Email *').fill(uniqueEmail('pepe'));
    await page.getByLabel('Contraseña *').fill('secreto123');
    await page.getByRole('radio', { name: /Personal de barra/ }).check();
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page).toHaveURL('/barra');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis eventos' })).toBeVisible();
    await expect(page.getByText(/Un organizador tiene que añadirte al equipo de su evento/)).toBeVisible();
  });

  test('explains missing fields, a short password and a taken email', async ({ page, request }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(
      page.getByText('Por favor completa todos los campos obligatorios.', { exact: true }),
    ).toBeVisible();

    await page.getByLabel('Nombre *').fill('Ana');
    await page.getByLabel('Email *').fill(uniqueEmail('ana'));
    await page.getByLabel('Contraseña *').fill('123');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page.getByText('Contraseña muy corta', { exact: true })).toBeVisible();

    const existing = await registerThroughApi(request);
    await page.getByLabel('Email *').fill(existing.email.toUpperCase());
    await page.getByLabel('Contraseña *').fill('secreto123');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page.getByText('Error al crear cuenta', { exact: true })).toBeVisible();
    await expect(page.getByText('Ya existe una cuenta con este email').first()).toBeVisible();
    await expect(page).toHaveURL('/register');
  });
});

test.describe('guards', () => {
  test('anonymous visitors of the organizer area and the admin panel go to login', async ({ page }) => {
    await page.goto('/organizer/pedidos');
    await expect(page).toHaveURL('/login?next=%2Forganizer%2Fpedidos');
    await page.goto('/organizer');
    await expect(page).toHaveURL('/login?next=%2Forganizer');
    await page.goto('/admin');
    await expect(page).toHaveURL('/login?next=%2Fadmin');
  });

  test('an organizer is denied the admin panel and /organizer opens the events', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.organizer);
    await expect(page).toHaveURL('/organizer/eventos');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    await expect(page.getByText('No tienes permisos para acceder al panel de administración.')).toBeVisible();
    await page.goto('/organizer');
    await expect(page).toHaveURL('/organizer/eventos');
  });

  test('a bar staff account is denied the organizer area', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.scanner);
    await expect(page).toHaveURL('/barra');
    await page.goto('/organizer/eventos');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  });

  test('an admin may enter the organizer area', async ({ page }) => {
    await loginThroughForm(page, demoAccounts.admin);
    await expect(page).toHaveURL('/admin');
    await page.goto('/organizer/perfil');
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  });
});
