import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

export function useEquipments(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupEquipments(groupId),
    queryFn: async () => (await api.call('equipments', { params: { id: groupId } })).items,
  });
}

/** Create, rename and delete (role_admin on the server). */
export function useEquipmentActions(groupId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.groupEquipments(groupId) });
  return {
    create: useMutation({
      mutationFn: (name: string) => api.call('createEquipment', { params: { id: groupId }, body: { name } }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ equipmentId, name }: { equipmentId: number; name: string }) =>
        api.call('updateEquipment', { params: { id: groupId, equipmentId }, body: { name } }),
      onSuccess: refresh,
    }),
    setHours: useMutation({
      mutationFn: ({
        equipmentId,
        name,
        opening_time,
        closing_time,
      }: {
        equipmentId: number;
        name: string;
        opening_time: string | null;
        closing_time: string | null;
      }) => api.call('updateEquipment', { params: { id: groupId, equipmentId }, body: { name, opening_time, closing_time } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (equipmentId: number) => api.call('deleteEquipment', { params: { id: groupId, equipmentId } }),
      onSuccess: refresh,
    }),
  };
}
