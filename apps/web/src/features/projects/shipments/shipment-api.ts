import type {
  ParticipantShipmentsResponse,
  ShipmentBody,
  ShipmentDto,
  ShipmentUpdateBody,
  ShippingNeeds,
} from '@plankurier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { dtoSchema } from '../../../api/dto-schema';
import { queryKeys } from '../../../api/query-keys';

const id = (value: string) => encodeURIComponent(value);

export const shipmentApi = {
  ofParticipant: (participantId: string): Promise<ParticipantShipmentsResponse> =>
    apiRequest('GET', `/participant/${id(participantId)}/shipments`, {
      schema: dtoSchema<ParticipantShipmentsResponse>('needs', 'shipments', 'deliveredVersions'),
    }),
  setNeeds: (participantId: string, needs: ShippingNeeds): Promise<ShippingNeeds> =>
    apiRequest('PUT', `/participant/${id(participantId)}/shipping-needs`, {
      body: needs,
      schema: dtoSchema<ShippingNeeds>('needsPdf'),
    }),
  create: (body: ShipmentBody): Promise<ShipmentDto> =>
    apiRequest('POST', '/shipment', { body, schema: dtoSchema<ShipmentDto>('_id') }),
  update: (shipmentId: string, body: ShipmentUpdateBody): Promise<ShipmentDto> =>
    apiRequest('PUT', `/shipment/${id(shipmentId)}`, { body, schema: dtoSchema<ShipmentDto>('_id') }),
  remove: (shipmentId: string): Promise<void> => apiRequest('DELETE', `/shipment/${id(shipmentId)}`),
};

/** Under the project's key, so the project's live updates refresh it too. */
const shipmentsKey = (projectId: string, participantId: string) =>
  [...queryKeys.project(projectId), 'shipments', participantId] as const;

export const useParticipantShipments = (projectId: string, participantId: string) =>
  useQuery({
    queryKey: shipmentsKey(projectId, participantId),
    queryFn: () => shipmentApi.ofParticipant(participantId),
  });

/** A change of the participant's shipments: afterwards its list and the project's timeline reload. */
export function useShipmentMutation<V, R>(projectId: string, participantId: string, call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentsKey(projectId, participantId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline(projectId) }),
      ]);
    },
  });
}
