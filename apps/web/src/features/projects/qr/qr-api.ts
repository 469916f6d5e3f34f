import type { DocQrDto, DocQrSettings, QrPublicDto } from '@plankurier/shared';
import { apiRequest } from '../../../api/client';
import { dtoSchema } from '../../../api/dto-schema';

const id = (value: string) => encodeURIComponent(value);

export const qrApi = {
  get: (docId: string): Promise<DocQrDto> =>
    apiRequest('GET', `/doc/${id(docId)}/qr`, { schema: dtoSchema<DocQrDto>('x', 'y', 'width', 'embed') }),
  update: (docId: string, settings: DocQrSettings): Promise<DocQrDto> =>
    apiRequest('PUT', `/doc/${id(docId)}/qr`, {
      body: settings,
      schema: dtoSchema<DocQrDto>('x', 'y', 'width', 'embed'),
    }),
  /** The public page of a scanned code: no token sent. */
  check: (token: string): Promise<QrPublicDto> =>
    apiRequest('GET', `/q/${id(token)}`, { auth: false, schema: dtoSchema<QrPublicDto>('doc', 'scanned') }),
};

export const qrQueryKey = (docId: string) => ['doc-qr', docId] as const;
