import { streamIds } from '@stride/domain/stream-ids';
import { getUserTimeZoneWithVersion } from '@stride/projections/users/queries/get-user-time-zone';
import type { KeptReadsSource } from '../command-handler';

/**
 * The user's time zone as a command's kept read (`ExecuteInput.keptReads`): read with the version of the
 * user's stream; after the command's append this process keeps it, and the user's next command decides on
 * it without reading while its append checks that the user's stream has not moved on.
 */
export const keptTimeZone = (userId: string): KeptReadsSource<string> => ({
  key: `time-zone:${userId}`,
  read: async (db) => {
    const { timeZone, userVersion } = await getUserTimeZoneWithVersion(db, userId);
    return { values: timeZone, versions: [[streamIds.user(userId), userVersion]] };
  },
});
