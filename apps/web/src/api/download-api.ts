import {
  DownloadLinkSchema,
  RecipientPageSchema,
  RecipientReceiptSchema,
  type DownloadLinkDto,
  type ReceiptBody,
  type RecipientPageDto,
  type RecipientReceiptDto,
} from '@plankurier/shared';
import { apiRequest } from './client';

const id = (value: string) => encodeURIComponent(value);

/** The recipient's page: public calls, never with the office's token. */
export const downloadApi = {
  page: (token: string): Promise<RecipientPageDto> =>
    apiRequest('GET', `/d/${id(token)}`, { auth: false, schema: RecipientPageSchema }),
  fileLink: (token: string, fileId: string): Promise<DownloadLinkDto> =>
    apiRequest('POST', `/d/${id(token)}/files/${id(fileId)}/link`, { auth: false, schema: DownloadLinkSchema }),
  zipLink: (token: string): Promise<DownloadLinkDto> =>
    apiRequest('POST', `/d/${id(token)}/zip/link`, { auth: false, schema: DownloadLinkSchema }),
  /** 'Erhalt bestätigen'; a second confirmation answers 409 receipt.already_confirmed with the first. */
  confirmReceipt: (token: string, body: ReceiptBody): Promise<RecipientReceiptDto> =>
    apiRequest('POST', `/d/${id(token)}/receipt`, { auth: false, body, schema: RecipientReceiptSchema }),
};
