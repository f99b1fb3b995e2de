import {
  importMapping,
  importMappingBody,
  importMessages,
  importPreview,
  importQuery,
  importResult,
} from '@drinkflow/domain/guest-import';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../http/errors';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';
import { isZip } from './read-spreadsheet';

// 20,000 rows of a shop's export with its many columns, as CSV or .xlsx (docs/decisions/068).
const FILE_BODY_LIMIT = 16 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The types a browser gives a guest list: CSV, a spreadsheet (Windows names .csv files 'vnd.ms-excel'), or none. */
const FILE_TYPES = ['text/csv', 'application/octet-stream', XLSX_TYPE, 'application/vnd.ms-excel'];

export function registerGuestImportRoutes({ app: root, services, guards }: AppContext): void {
  const imports = services.guestImport;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  // A plugin scope of their own: the file parser below serves only the two file routes, so every
  // other route keeps refusing a CSV or spreadsheet body (415) instead of reading 16 MB of it.
  void root.register(async (app) => {
    // The browser sends the file's bytes as they are: the server tells .xlsx from CSV by the bytes.
    app.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    registerFileRoutes(app);
  });

  /** The uploaded file's bytes; an .xlsx by name that is no zip cannot be read as anything. */
  const fileBody = (body: unknown, contentType: string | undefined): Buffer => {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      const message = 'Envía el archivo CSV o Excel (Content-Type: text/csv).';
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    if (contentType?.split(';')[0]?.trim() === XLSX_TYPE && !isZip(body)) {
      throw badRequest(importMessages.unreadable, [{ field: 'archivo', message: importMessages.unreadable }]);
    }
    return body;
  };

  function registerFileRoutes(app: AppContext['app']): void {
    app.post(
      '/api/eventos/:id/importar/previsualizar',
      {
        onRequest,
        bodyLimit: FILE_BODY_LIMIT,
        schema: { params: idParams, response: { 200: importPreview } },
      },
      async (request) =>
        imports.preview(
          currentUser(request),
          request.params.id,
          fileBody(request.body, request.headers['content-type']),
        ),
    );

    app.post(
      '/api/eventos/:id/importar',
      {
        onRequest,
        bodyLimit: FILE_BODY_LIMIT,
        schema: { params: idParams, querystring: importQuery, response: { 201: importResult } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await imports.import(
              currentUser(request),
              request.params.id,
              fileBody(request.body, request.headers['content-type']),
              request.query,
            ),
          ),
    );
  }

  // How the event reads its files: remembered columns and ticket types (docs/decisions/068).
  root.get(
    '/api/eventos/:id/importar/mapeo',
    { onRequest, schema: { params: idParams, response: { 200: importMapping } } },
    async (request) => imports.mapping(currentUser(request), request.params.id),
  );

  root.put(
    '/api/eventos/:id/importar/mapeo',
    { onRequest, schema: { params: idParams, body: importMappingBody, response: { 200: importMapping } } },
    async (request) => imports.saveMapping(currentUser(request), request.params.id, request.body),
  );
}
