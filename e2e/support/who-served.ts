import { DEVICE_TOKEN_HEADER } from '@drinkflow/domain/device-wire';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';

// Drinks with a device and a person behind them (docs/rules/statistics.md, per device and per
// person): the signed-in member pairs a device of their own and scans with its token.

/** POST /api/eventos/{id}/dispositivos/propio: a device tied to the member `token` signs in as. */
export async function ownDeviceThroughApi(
  request: APIRequestContext,
  token: string,
  eventoId: number,
  body: { nombre: string; barra?: string },
) {
  const response = await request.post(`/api/eventos/${eventoId}/dispositivos/propio`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  const paired = (await response.json()) as { token: string; dispositivo: { id: number; nombre: string } };
  /** A scan of `qrCode` by this device: whether the drink was served. */
  const consume = async (apiKey: string, qrCode: string) => {
    const scan = await request.post(`/api/scanner/${apiKey}/consume`, {
      headers: { [DEVICE_TOKEN_HEADER]: paired.token },
      data: { qrCode, barra: body.barra },
    });
    expect(scan.status(), await scan.text()).toBe(200);
    return ((await scan.json()) as { success: boolean }).success;
  };
  return { ...paired, consume };
}
