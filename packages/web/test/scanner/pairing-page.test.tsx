import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deviceTokenFor } from '@/features/scanner';
import { PairingPage } from '@/features/scanner/pages/pairing-page';
import { aPairedDevice, KEY } from './device-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const PAIR = '/api/dispositivos/emparejar';

function stubPairing(answer: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url !== PAIR) throw new TypeError('Failed to fetch');
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBodies = (fetchMock: ReturnType<typeof stubPairing>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderPage(code = '') {
  const onPaired = vi.fn();
  const user = userEvent.setup();
  render(<PairingPage code={code} onPaired={onPaired} />);
  return { user, onPaired };
}

const pairButton = () => screen.getByRole('button', { name: 'Emparejar' });

describe('the pairing page', () => {
  it('from the QR’s link: the code is filled in, the phone names itself, and it opens the event’s scanner with its token kept', async () => {
    const fetchMock = stubPairing(() => Response.json(aPairedDevice(), { status: 201 }));
    const { user, onPaired } = renderPage('abcd-efgh');

    expect(screen.getByLabelText('Código de emparejamiento')).toHaveValue('abcd-efgh');
    const name = screen.getByLabelText('Nombre del dispositivo');
    expect(name).toHaveValue('Barra 1 · móvil');
    await user.clear(name);
    await user.type(name, '  Barra VIP · iPhone ');
    await user.click(pairButton());

    await vi.waitFor(() => expect(onPaired).toHaveBeenCalledWith(KEY), { timeout: 5000 });
    expect(sentBodies(fetchMock)).toEqual([{ codigo: 'ABCDEFGH', nombre: 'Barra VIP · iPhone' }]);
    expect(deviceTokenFor(KEY)).toBe('token-del-movil');
  });

  it('a code typed by hand, in lowercase with spaces', async () => {
    const fetchMock = stubPairing(() => Response.json(aPairedDevice(), { status: 201 }));
    const { user, onPaired } = renderPage();
    expect(screen.getByLabelText('Código de emparejamiento')).toHaveValue('');

    await user.type(screen.getByLabelText('Código de emparejamiento'), 'ab cd ef gh');
    await user.click(pairButton());

    await vi.waitFor(() => expect(onPaired).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(sentBodies(fetchMock)).toEqual([{ codigo: 'ABCDEFGH', nombre: 'Barra 1 · móvil' }]);
  });

  it('a code of the wrong length or without a name is not sent', async () => {
    const fetchMock = stubPairing(() => Response.json(aPairedDevice(), { status: 201 }));
    const { user, onPaired } = renderPage('ABC');
    await user.clear(screen.getByLabelText('Nombre del dispositivo'));
    await user.click(pairButton());

    expect(
      await screen.findByText(
        'El código tiene 8 caracteres: escríbelo tal como lo ves en la pantalla del organizador.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('El nombre del dispositivo es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de emparejamiento')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPaired).not.toHaveBeenCalled();
  });

  it.each([
    [
      'an unknown or expired code',
      () => Response.json({ error: 'not_found', message: 'No encontrado' }, { status: 404 }),
      'El código no es válido o ha caducado.',
    ],
    [
      'too many wrong codes',
      () =>
        Response.json(
          { error: 'rate_limited', message: 'x' },
          { status: 429, headers: { 'retry-after': '600' } },
        ),
      'Demasiados códigos incorrectos. Vuelve a intentarlo dentro de 10 minutos.',
    ],
    [
      'a name the server refuses',
      () =>
        Response.json(
          {
            error: 'validation',
            message: 'Datos inválidos',
            details: [{ field: 'nombre', message: 'El nombre no puede exceder 60 caracteres' }],
          },
          { status: 400 },
        ),
      'El nombre no puede exceder 60 caracteres',
    ],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'No se pudo conectar con el servidor. Comprueba la conexión.',
    ],
  ])('%s: says so in Spanish and keeps nothing', async (_case, answer, message) => {
    stubPairing(answer);
    const { user, onPaired } = renderPage('ABCD-EFGH');
    await user.click(pairButton());

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onPaired).not.toHaveBeenCalled();
    expect(deviceTokenFor(KEY)).toBeNull();
    // The form is there to try again.
    expect(pairButton()).toBeEnabled();
  });
});
