import { importPreview, importQuery, importResult } from '@drinkflow/domain/guest-import';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../http/errors';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

// A guest list of 10,000 rows is about 1 MB; leave room for long names.
const CSV_BODY_LIMIT = 5 * 1024 * 1024;

export function registerGuestImportRoutes({ app: root, services, guards }: AppContext): void {
  const imports = services.guestImport;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  // A plugin scope of their own: the CSV parser below serves only these two routes, so every
  // other route keeps refusing a CSV body (415) instead of reading 5 MB of it.
  void root.register(async (app) => {
    // The browser sends the file's bytes as they are: the server decodes UTF-8 or Windows-1252.
    app.addContentTypeParser(
      ['text/csv', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    registerImportRoutes(app);
  });

  const csvBody = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      const message = 'Envía el archivo CSV (Content-Type: text/csv).';
      throw badRequest(message, [{ field: 'archivo', message }]);
    }
    return body;
  };

  function registerImportRoutes(app: AppContext['app']): void {
    app.post(
      '/api/eventos/:id/importar/previsualizar',
      {
        onRequest,
        bodyLimit: CSV_BODY_LIMIT,
        schema: { params: idParams, response: { 200: importPreview } },
      },
      async (request) => imports.preview(currentUser(request), request.params.id, csvBody(request.body)),
    );

    app.post(
      '/api/eventos/:id/importar',
      {
        onRequest,
        bodyLimit: CSV_BODY_LIMIT,
        schema: { params: idParams, querystring: importQuery, response: { 201: importResult } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await imports.import(
              currentUser(request),
              request.params.id,
              csvBody(request.body),
              request.query,
            ),
          ),
    );
  }
}
