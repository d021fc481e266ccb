import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as h from '../schemas/help';

const tags = ['help'];

/** Help center for every employee; the article store for company administrators. */
export const helpEndpoints = {
  helpCenter: endpoint({
    method: 'GET',
    path: '/help-center',
    auth: true,
    query: h.helpListQuery,
    response: h.helpListResponse,
    summary: 'Help articles of the caller’s company in order, searchable by title (either language)',
    tags,
  }),
  helpCenterDetail: endpoint({
    method: 'GET',
    path: '/help-center/:id',
    auth: true,
    params: h.helpIdParam,
    response: h.helpArticleResponse,
    summary: 'One help article of the caller’s company',
    tags,
  }),
  helpArticles: endpoint({
    method: 'GET',
    path: '/help-articles',
    auth: true,
    query: h.helpAdminQuery,
    response: h.helpListResponse,
    summary: 'Every help, terms and policy article of the company (company administrator)',
    tags,
  }),
  helpArticle: endpoint({
    method: 'GET',
    path: '/help-articles/:id',
    auth: true,
    params: h.helpIdParam,
    response: h.helpArticleResponse,
    summary: 'One article for editing (company administrator)',
    tags,
  }),
  createHelpArticle: endpoint({
    method: 'POST',
    path: '/help-articles',
    auth: true,
    body: h.helpArticleBody,
    response: h.helpArticleResponse,
    summary: 'Write an article; HTML is sanitised (company administrator)',
    tags,
  }),
  updateHelpArticle: endpoint({
    method: 'PUT',
    path: '/help-articles/:id',
    auth: true,
    params: h.helpIdParam,
    body: h.helpArticleBody,
    response: h.helpArticleResponse,
    summary: 'Replace an article (company administrator)',
    tags,
  }),
  deleteHelpArticle: endpoint({
    method: 'DELETE',
    path: '/help-articles/:id',
    auth: true,
    params: h.helpIdParam,
    response: okSchema,
    summary: 'Delete an article (company administrator)',
    tags,
  }),
};
