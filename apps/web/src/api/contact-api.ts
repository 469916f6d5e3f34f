import { apiRequest } from './client';

export const contactApi = {
  validate: (validationCode: string): Promise<void> =>
    apiRequest('POST', '/contact/validate', { body: { validationCode }, auth: false }),
};
