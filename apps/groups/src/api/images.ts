import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type IconImage, queryKeys, type GroupDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { uploadGroupImage, type GroupImageTarget } from './upload';

function storeGroup(queryClient: QueryClient, group: GroupDetail) {
  queryClient.setQueryData(queryKeys.group(group.id), group);
  // The icon shows in the home list and the navbar menu too.
  return queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
}

/** Upload of the icon or the header image, with the upload's progress as 0‥1. */
export function useUploadGroupImage(groupId: number, target: GroupImageTarget) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadGroupImage(groupId, target, file, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: (group) => storeGroup(queryClient, group),
  });
  return { ...mutation, progress };
}

/** PUT …/icon: the default icon or none; the server removes an uploaded icon. */
export function useSetGroupIcon(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (icon_image: typeof IconImage.DEFAULT | typeof IconImage.NONE) =>
      (await api.call('setGroupIcon', { params: { id: groupId }, body: { icon_image } })).items,
    onSuccess: (group) => storeGroup(queryClient, group),
  });
}

/** DELETE …/header-image. */
export function useDeleteGroupHeader(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call('deleteGroupHeader', { params: { id: groupId } })).items,
    onSuccess: (group) => storeGroup(queryClient, group),
  });
}
