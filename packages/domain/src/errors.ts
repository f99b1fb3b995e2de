/** One field's problem in a 400 answer (docs/rules/api-conventions.md). */
export interface ApiErrorDetail {
  field: string;
  message: string;
}

/** The JSON body of every API error (docs/rules/api-conventions.md). */
export interface ApiError {
  message: string;
  error: string;
  details?: ApiErrorDetail[];
}

export const errorCodes = {
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  dbUnavailable: 'db_unavailable',
} as const;
