import { z } from 'zod';
import { calendarFeedResponseSchema, importResponseSchema } from '@stride/domain/contracts/planner';
import { strideExportSchema, type StrideExport } from '@stride/domain/exchange/stride-export';
import { apiClient } from '../../../lib/api-client';

/** GET /api/planner/export.json: the lossless export (the CSV is made from it, by the same rules as the server's). */
export const exportStride = () => apiClient.get('/planner/export.json', { schema: strideExportSchema });

/** POST /api/planner/import: a Stride JSON export, into this account. */
export const importStride = (document: StrideExport) =>
  apiClient.post('/planner/import', document, { schema: importResponseSchema });

/** POST /api/planner/import/todoist {csv}: a Todoist CSV export, as one new goal. */
export const importTodoist = (csv: string) =>
  apiClient.post(
    '/planner/import/todoist',
    { csv },
    {
      schema: importResponseSchema.extend({ goal_id: z.string(), skipped: z.number().int() }),
    },
  );

/** POST /api/planner/calendar-feed: a new private feed URL (any older one stops working). */
export const issueCalendarFeed = () =>
  apiClient.post('/planner/calendar-feed', {}, { schema: calendarFeedResponseSchema });

/** DELETE /api/planner/calendar-feed: the feed URL stops working. */
export const revokeCalendarFeed = () =>
  apiClient.delete('/planner/calendar-feed', { schema: calendarFeedResponseSchema });
