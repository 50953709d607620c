import { z } from 'zod';
import { preferencesSchema } from '@stride/domain/contracts/users';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getUserPreferences } from '@stride/projections/users/queries/get-user-preferences';
import { requireUser } from '../../auth/auth-user';
import * as updatePreferences from '@stride/application/commands/users/update-preferences';
import { positionString } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { checkedFilters, checkOwnerInData, matchesFilters, requireData, type TableHandler } from './rows';

const writeSchema = z.object({ id: z.string().optional(), preferences: preferencesSchema });

/**
 * `user_data` (id, preferences) through the gate: only the caller's own row. insert and update merge
 * preferences (UpdatePreferences); the row itself cannot be deleted (403).
 */
export const userDataTable: TableHandler = async (request, reply, body) => {
  const { services } = request.server;
  const userId = requireUser(request).id;
  const filters = checkedFilters(request, body.filters, ['id', 'user_id'], ['id', 'user_id']);
  const ownRow = async () => {
    const row = await getUserPreferences(services.pool, userId);
    return row ? [row] : [];
  };

  switch (body.operation) {
    case 'select': {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      return { data: (await ownRow()).filter((row) => matchesFilters(row, filters)), position: null };
    }
    case 'insert':
    case 'update': {
      const data = requireData(body);
      checkOwnerInData(request, data);
      const { id, preferences } = writeSchema.parse(data);
      if (id !== undefined && id !== userId) {
        throw new DomainError('forbidden', 'Rows of other users cannot be written', { field: 'data.id' });
      }
      return runCommand(request, reply, {
        command: updatePreferences,
        input: { preferences },
        respond: async ({ position }) => {
          return { data: await ownRow(), position: positionString(position) };
        },
      });
    }
    case 'delete':
      throw new DomainError('forbidden', 'user_data rows cannot be deleted', { field: 'operation' });
  }
};
