import type { PublicConfig } from '@drinkflow/domain/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get<PublicConfig>('/config'),
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
