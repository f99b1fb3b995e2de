import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';
import { exportKinds, type ExportName } from './service';

/** CSV exports of an event (docs/rules/statistics.md), streamed from the database. */
export function registerExportRoutes({ app, services, guards }: AppContext): void {
  const { exports } = services;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  for (const name of Object.keys(exportKinds) as ExportName[]) {
    app.get(
      `/api/eventos/:id/export/${name}.csv`,
      { onRequest, schema: { params: idParams } },
      async (request, reply) => {
        const { filename, body } = await exports.csv(currentUser(request), request.params.id, name);
        // Streamed, so compressed (when the client accepts it) as it goes, never buffered whole.
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(body);
      },
    );
  }
}
