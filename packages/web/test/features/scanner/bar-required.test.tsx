import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { anEventBanner, consumeAnswer, KEY, postedBodies, QR, route, serveScanner } from './scanner-fixtures';

// docs/decisions/065: when a ticket type of the event names bars, the bar is asked before the first
// scan with no way to skip it, and the current bar is at the top of the scanner.

vi.setConfig({ testTimeout: 20_000 });

const festival = anEventBanner({ barras: ['VIP', 'Terraza'], barraObligatoria: true });

async function open(barra: string | null) {
  if (barra !== null) localStorage.setItem('drinkflow-scanner-barra', barra);
  const user = userEvent.setup();
  render(<PublicScannerPage apiKey={KEY} />);
  await screen.findByRole('heading', { name: 'Boda Ana y Luis' });
  return user;
}

describe('the bar before the first scan', () => {
  it('asks for the bar with no way to skip it, and shows no code field until it is chosen', async () => {
    const fetchMock = serveScanner({ [route.event]: festival, [route.consume]: consumeAnswer() });
    const user = await open(null);
    const choice = screen.getByRole('group', { name: '¿En qué barra estás?' });
    expect(screen.queryByRole('button', { name: 'Ahora no' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Código QR')).not.toBeInTheDocument();

    await user.click(within(choice).getByRole('radio', { name: 'VIP' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const bar = screen.getByRole('region', { name: 'Barra' });
    expect(bar).toHaveTextContent('Barra: VIP');
    const input = screen.getByLabelText('Código QR');
    expect(input).toHaveFocus();
    // The bar comes before the answer and the code field, right under the event.
    expect(bar.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(postedBodies(fetchMock, route.consume)[0]).toMatchObject({ barra: 'VIP' });
  });

  it("asks again a device that answered 'Ahora no' before, and changes the bar from the top", async () => {
    serveScanner({ [route.event]: festival });
    const user = await open('');
    expect(screen.getByRole('group', { name: '¿En qué barra estás?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ahora no' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Terraza' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await user.click(
      within(screen.getByRole('region', { name: 'Barra' })).getByRole('button', { name: 'Cambiar barra' }),
    );
    // Changing it may be cancelled: the bar stays and the scanner stays.
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('region', { name: 'Barra' })).toHaveTextContent('Barra: Terraza');
    expect(screen.getByLabelText('Código QR')).toBeInTheDocument();
  });

  it("keeps 'Ahora no' for an event whose ticket types name no bar", async () => {
    serveScanner({ [route.event]: anEventBanner({ barras: ['VIP'], barraObligatoria: false }) });
    const user = await open(null);
    expect(screen.getByLabelText('Código QR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.getByRole('region', { name: 'Barra' })).toHaveTextContent('Barra: sin indicar');
    expect(screen.getByRole('button', { name: 'Indicar barra' })).toBeInTheDocument();
  });
});
