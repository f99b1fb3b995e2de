import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { boundedZip, InflatedTooLarge } from '../../src/modules/guest-import/bounded-zip';
import { shopExport, zipOf } from './shop-fixtures';

// An .xlsx is inflated by the server within a cap before the spreadsheet reader sees it.

describe('boundedZip', () => {
  it('gives the reader the same sheet as the original .xlsx', async () => {
    const xlsx = shopExport('eventbrite-attendees.xlsx');

    const [original, bounded] = await Promise.all([readSheet(xlsx), readSheet(boundedZip(xlsx))]);

    expect(bounded).toEqual(original);
    expect(bounded).toHaveLength(13);
  });

  it('stops inflating at the cap, whatever the archive says of its sizes', () => {
    const bomb = zipOf({ 'xl/worksheets/sheet1.xml': Buffer.alloc(64 * 1024, ' ') }, { deflate: true });
    expect(bomb.length).toBeLessThan(1024);

    expect(() => boundedZip(bomb, 64 * 1024 - 1)).toThrow(InflatedTooLarge);
    expect(boundedZip(bomb, 64 * 1024).length).toBeGreaterThan(64 * 1024);
  });

  it('counts the cap over all the files of the archive', () => {
    const files = { 'a.xml': Buffer.alloc(600, 'a'), 'b.xml': Buffer.alloc(600, 'b') };

    expect(() => boundedZip(zipOf(files, { deflate: true }), 1000)).toThrow(InflatedTooLarge);
    expect(() => boundedZip(zipOf(files), 1000)).toThrow(InflatedTooLarge);
    expect(() => boundedZip(zipOf(files, { deflate: true }), 1200)).not.toThrow();
  });

  it('refuses bytes that are not a whole zip', () => {
    const xlsx = shopExport('eventbrite-attendees.xlsx');

    expect(() => boundedZip(xlsx.subarray(0, xlsx.length - 30))).toThrow(Error);
    expect(() => boundedZip(Buffer.from('PK\u0003\u0004 no es un zip'))).toThrow(Error);
  });
});
