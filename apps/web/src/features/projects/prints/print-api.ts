import type { PrintBody, PrintDto } from '@plankurier/shared';
import { apiRequest } from '../../../api/client';
import { dtoSchema } from '../../../api/dto-schema';

const id = (value: string) => encodeURIComponent(value);

/** Print-outs (spec §7): start, read, cancel, and a short-lived link for the browser download. */
export const printApi = {
  create: (body: PrintBody): Promise<PrintDto> =>
    apiRequest('POST', '/print', { body, schema: dtoSchema<PrintDto>('_id', 'isFinished') }),
  get: (printId: string): Promise<PrintDto> =>
    apiRequest('GET', `/print/${id(printId)}`, { schema: dtoSchema<PrintDto>('_id', 'isFinished') }),
  cancel: (printId: string): Promise<void> => apiRequest('DELETE', `/print/${id(printId)}`),
  downloadLink: (printId: string): Promise<{ url: string }> =>
    apiRequest('POST', `/print/${id(printId)}/download-link`, { schema: dtoSchema<{ url: string }>('url') }),
};
