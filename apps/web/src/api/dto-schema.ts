import type { ResponseSchema } from './client';

/**
 * A response check for the DTOs of packages/shared that have no zod schema: the answer must be an
 * object (or array) carrying the named keys. The server validates its responses; this only guards
 * against an answer of another shape (a proxy error page, an older server).
 */
export function dtoSchema<T>(...requiredKeys: string[]): ResponseSchema<T> {
  return {
    safeParse(data: unknown) {
      const ok =
        data !== null &&
        typeof data === 'object' &&
        requiredKeys.every((key) => key in (data as Record<string, unknown>));
      return ok
        ? { success: true, data: data as T }
        : { success: false, error: { issues: [`missing ${requiredKeys.join(', ')}`] } };
    },
  };
}
