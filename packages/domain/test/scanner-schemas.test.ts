import { describe, expect, it } from 'vitest';
import {
  consumeBody,
  offlineUploadMessages,
  scannerDeviceHeader,
  scannerMessages,
  scannerTicketQuery,
  undoBody,
} from '../src/scanner';
import { SCANNER_DEVICE_HEADER } from '../src/scanner-limits';
import { SINGLE_LINE_TEXT_MESSAGE } from '../src/text';

/** The issues of a refused body, as `path: message`. */
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const qr = { qrCode: 'QR-1' };

describe('consumeBody: offline', () => {
  it('keeps offline true and the scan time of an offline upload', () => {
    const result = consumeBody.safeParse({
      ...qr,
      offline: true,
      scanId: 's-1',
      escaneadoEn: '2026-05-01T10:00:00Z',
    });
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject({ offline: true, scanId: 's-1', escaneadoEn: '2026-05-01T10:00:00Z' });
  });

  it('keeps offline false, and reads null or absent as undefined', () => {
    expect(consumeBody.parse({ ...qr, offline: false }).offline).toBe(false);
    expect(consumeBody.parse({ ...qr, offline: null }).offline).toBeUndefined();
    expect(consumeBody.parse({ ...qr, escaneadoEn: null }).escaneadoEn).toBeUndefined();
  });

  it('refuses an offline that is not a boolean, in Spanish', () => {
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: 'sí' }))).toEqual([
      `offline: ${offlineUploadMessages.offlineInvalid}`,
    ]);
  });

  it('needs a scanId in an offline upload (blank counts as none)', () => {
    const escaneadoEn = '2026-05-01T10:00:00Z';
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: true, escaneadoEn }))).toEqual([
      `scanId: ${offlineUploadMessages.scanIdRequired}`,
    ]);
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: true, escaneadoEn, scanId: '   ' }))).toEqual([
      `scanId: ${offlineUploadMessages.scanIdRequired}`,
    ]);
  });

  it('needs the scan time in an offline upload', () => {
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: true, scanId: 's-1' }))).toEqual([
      `escaneadoEn: ${offlineUploadMessages.escaneadoEnRequired}`,
    ]);
  });

  it('answers both missing fields of an offline upload', () => {
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: true }))).toEqual([
      `scanId: ${offlineUploadMessages.scanIdRequired}`,
      `escaneadoEn: ${offlineUploadMessages.escaneadoEnRequired}`,
    ]);
  });

  it.each([[{ offline: false }], [{}], [{ offline: null }]])(
    'refuses a scan time outside an offline upload (%j)',
    (extra) => {
      expect(
        issuesOf(consumeBody.safeParse({ ...qr, ...extra, escaneadoEn: '2026-05-01T10:00:00Z' })),
      ).toEqual([`escaneadoEn: ${offlineUploadMessages.escaneadoEnOnlyOffline}`]);
    },
  );

  it('accepts an online scan with neither offline nor a scan time', () => {
    expect(issuesOf(consumeBody.safeParse({ ...qr, offline: false }))).toEqual([]);
    expect(issuesOf(consumeBody.safeParse({ ...qr, scanId: 's-1' }))).toEqual([]);
  });
});

describe('consumeBody: escaneadoEn needs a zone', () => {
  const offline = { ...qr, offline: true, scanId: 's-1' };

  it.each([
    '2026-05-01T10:00:00Z',
    '2026-05-01T10:00:00z',
    '2026-05-01T10:00:00+02:00',
    '2026-05-01T10:00:00-0530',
  ])('accepts %s', (escaneadoEn) => {
    const result = consumeBody.safeParse({ ...offline, escaneadoEn });
    expect(issuesOf(result)).toEqual([]);
    expect(result.data?.escaneadoEn).toBe(escaneadoEn);
  });

  it.each([
    '2026-05-01T10:00:00',
    '2026-05-01T10:00',
    '2026-05-01T10:00:00+2:00',
    '2026-05-01T10:00:00+02:0',
  ])('refuses %s with its own message, once', (escaneadoEn) => {
    expect(issuesOf(consumeBody.safeParse({ ...offline, escaneadoEn }))).toEqual([
      `escaneadoEn: ${offlineUploadMessages.escaneadoEnInvalid}`,
    ]);
  });

  it('reports an impossible date without a zone only once', () => {
    expect(issuesOf(consumeBody.safeParse({ ...offline, escaneadoEn: '2026-02-30T10:00' }))).toEqual([
      `escaneadoEn: ${offlineUploadMessages.escaneadoEnInvalid}`,
    ]);
  });
});

describe('scannerDeviceHeader', () => {
  it('trims the device id', () => {
    expect(scannerDeviceHeader.parse('  tablet-1  ')).toBe('tablet-1');
  });

  it('reads a blank or absent header as none', () => {
    expect(scannerDeviceHeader.parse('   ')).toBeUndefined();
    expect(scannerDeviceHeader.parse('')).toBeUndefined();
    expect(scannerDeviceHeader.parse(undefined)).toBeUndefined();
  });

  it('accepts 100 characters and refuses 101, in Spanish', () => {
    expect(scannerDeviceHeader.parse('d'.repeat(100))).toBe('d'.repeat(100));
    expect(issuesOf(scannerDeviceHeader.safeParse('d'.repeat(101)))).toEqual([
      `: ${scannerMessages.deviceIdInvalid}`,
    ]);
  });

  it('refuses a header that is not a text, in Spanish', () => {
    expect(issuesOf(scannerDeviceHeader.safeParse(5))).toEqual([`: ${scannerMessages.deviceIdInvalid}`]);
  });
});

describe('undoBody', () => {
  it('needs a scanId and a deviceId that are not blank', () => {
    expect(issuesOf(undoBody.safeParse({ scanId: '  ', deviceId: '' }))).toEqual([
      'scanId: El identificador de escaneo es obligatorio',
      'deviceId: El identificador del dispositivo es obligatorio',
    ]);
  });
});

describe('consumeBody: the offline rules are custom issues', () => {
  it.each([
    [{ offline: true, escaneadoEn: '2026-05-01T10:00:00Z' }, 'scanId'],
    [{ offline: true, scanId: 's-1' }, 'escaneadoEn'],
    [{ escaneadoEn: '2026-05-01T10:00:00Z' }, 'escaneadoEn'],
  ])('%j answers a custom issue at %s', (extra, path) => {
    const issues = consumeBody.safeParse({ ...qr, ...extra }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([['custom', path]]);
  });
});

describe('scannerTicketQuery (GET …/ticket/{qrCode}?barra=…)', () => {
  it('reads the device’s bar trimmed, and none when it is absent or blank', () => {
    expect(scannerTicketQuery.parse({ barra: ' Barra Norte ' })).toEqual({ barra: 'Barra Norte' });
    expect(scannerTicketQuery.parse({ barra: '   ' })).toEqual({ barra: undefined });
    expect(scannerTicketQuery.parse({})).toEqual({ barra: undefined });
    expect(scannerTicketQuery.parse({ barra: 'x'.repeat(60) }).barra).toHaveLength(60);
  });

  it('refuses a bar name over 60 characters or not a text, in Spanish', () => {
    expect(issuesOf(scannerTicketQuery.safeParse({ barra: 'x'.repeat(61) }))).toEqual([
      'barra: El nombre de la barra no puede exceder 60 caracteres',
    ]);
    expect(issuesOf(scannerTicketQuery.safeParse({ barra: ['Norte', 'Sur'] }))).toEqual([
      'barra: El nombre de la barra debe ser un texto',
    ]);
  });
});

describe('consumeBody and scannerTicketQuery: one-line text', () => {
  it.each(['tipoBebida', 'barra', 'deviceId', 'scanId'])(
    'refuses %s with a line break, a control character or a bidirectional override',
    (field) => {
      for (const hostile of ['\r\n', '\u0000', '\u001B', '\u009F', '\u202E', '\u2066']) {
        expect(issuesOf(consumeBody.safeParse({ ...qr, [field]: `Barra${hostile}Norte` }))).toEqual([
          `${field}: ${SINGLE_LINE_TEXT_MESSAGE}`,
        ]);
      }
    },
  );

  it('refuses a lookup bar with a control character, and keeps accents and a trimmed break', () => {
    expect(issuesOf(scannerTicketQuery.safeParse({ barra: 'VIP\u0007' }))).toEqual([
      `barra: ${SINGLE_LINE_TEXT_MESSAGE}`,
    ]);
    expect(consumeBody.parse({ ...qr, barra: ' Barra Señor \n' }).barra).toBe('Barra Señor');
  });
});

describe('scannerDeviceHeader', () => {
  it('refuses a tab or a C1 control character (a header cannot carry a line break)', () => {
    expect(scannerDeviceHeader.safeParse('movil\t1').success).toBe(false);
    expect(scannerDeviceHeader.safeParse('movil\u00851').success).toBe(false);
    expect(scannerDeviceHeader.parse(' movil-1 ')).toBe('movil-1');
  });
});

describe('SCANNER_DEVICE_HEADER', () => {
  it('the device header is X-Device-Id', () => {
    expect(SCANNER_DEVICE_HEADER).toBe('X-Device-Id');
  });
});
