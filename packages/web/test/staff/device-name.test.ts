import { describe, expect, it } from 'vitest';
import { browserLabel, ownDeviceName } from '@/features/staff/utils/device-name';

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const edge =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';

describe("a person's own device name", () => {
  it('names the browser and its system', () => {
    expect(browserLabel(android)).toBe('Chrome en Android');
    expect(browserLabel(iphone)).toBe('Safari en iPhone');
    expect(browserLabel(edge)).toBe('Edge en Windows');
    expect(browserLabel('curl/8')).toBe('Navegador');
  });

  it("puts the person's name first and stays within the API's 60 characters", () => {
    expect(ownDeviceName('Nora Gil', android)).toBe('Nora Gil · Chrome en Android');
    const long = ownDeviceName('María de las Mercedes Fernández de Córdoba y Guzmán', android);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^María de las Mercedes.* · Chrome en Android$/);
    expect(ownDeviceName('  ', android)).toBe('Chrome en Android');
  });
});
