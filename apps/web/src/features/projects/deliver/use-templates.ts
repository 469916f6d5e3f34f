import type { TemplateDto } from '@plankurier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { templateApi } from '../../../api/delivery-api';
import { queryKeys } from '../../../api/query-keys';

/** The office's templates, loaded when deliver mode opens. */
export const useTemplates = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.templates, queryFn: templateApi.list, enabled });

/** Saving, overwriting and deleting templates; every change reloads the list. */
export function useTemplateMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.templates });
  return {
    create: useMutation({ mutationFn: templateApi.create, onSettled }),
    overwrite: useMutation({
      mutationFn: ({ template, text }: { template: TemplateDto; text: string }) =>
        templateApi.update(template._id, { text }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (template: TemplateDto) => templateApi.remove(template._id), onSettled }),
  };
}
