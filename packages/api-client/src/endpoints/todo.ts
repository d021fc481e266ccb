import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as s from '../schemas/todo';

const tags = ['todo'];

/** The /todo page: gathered open actions and the user's own task list (not in the spec's section 7). */
export const todoEndpoints = {
  todo: endpoint({
    method: 'GET',
    path: '/members/me/todo',
    auth: true,
    response: s.todoResponse,
    summary: 'Join requests to approve, unread emergency topics and the caller’s tasks',
    tags,
  }),
  createTodoTask: endpoint({
    method: 'POST',
    path: '/members/me/todo-tasks',
    auth: true,
    body: s.todoTaskBody,
    response: s.todoTaskResponse,
    summary: 'Add a task to the caller’s list',
    tags,
  }),
  updateTodoTask: endpoint({
    method: 'PATCH',
    path: '/members/me/todo-tasks/:id',
    auth: true,
    params: s.todoTaskParam,
    body: s.todoTaskPatch,
    response: s.todoTaskResponse,
    summary: 'Rename a task or tick it done',
    tags,
  }),
  deleteTodoTask: endpoint({
    method: 'DELETE',
    path: '/members/me/todo-tasks/:id',
    auth: true,
    params: s.todoTaskParam,
    response: okSchema,
    summary: 'Delete one of the caller’s tasks',
    tags,
  }),
};
