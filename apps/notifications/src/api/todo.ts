import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';

const key = ['notifications', 'todo'] as const;

export function useTodo() {
  return useQuery({ queryKey: key, queryFn: async () => (await api.call('todo')).items, meta: { silent: true } });
}

export function useTodoActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({ mutationFn: (title: string) => api.call('createTodoTask', { body: { title } }), onSuccess: refresh }),
    toggle: useMutation({
      mutationFn: ({ id, done }: { id: number; done: boolean }) => api.call('updateTodoTask', { params: { id }, body: { done } }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.call('deleteTodoTask', { params: { id } }), onSuccess: refresh }),
  };
}
