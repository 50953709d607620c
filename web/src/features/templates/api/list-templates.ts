import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateLibraryResponseSchema } from '@stride/domain/contracts/templates';
import { apiClient } from '../../../lib/api-client';
import { templateKeys } from './keys';

/** GET /api/templates: the library (every plan may browse it), the caller's own, and whether they may use them. */
export const listTemplates = (signal?: AbortSignal) =>
  apiClient.get('/templates', { schema: templateLibraryResponseSchema, signal });

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: templateKeys.list(), queryFn: ({ signal }) => listTemplates(signal) });

export const useTemplateLibrary = (enabled = true) => useQuery({ ...templatesQueryOptions(), enabled });
