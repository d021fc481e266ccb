import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as n from '../schemas/news';

const tags = ['news'];

/** News lists, read marks and the company administrator's CMS items (spec section 7 "News"). */
export const newsEndpoints = {
  homeNews: endpoint({
    method: 'GET',
    path: '/informations',
    auth: true,
    query: n.newsQuery,
    response: n.newsListResponse,
    summary: 'News for the home page (HOME or BOTH) the caller may see, newest first',
    tags,
  }),
  groupNews: endpoint({
    method: 'GET',
    path: '/informations/groups/:id',
    auth: true,
    params: n.newsGroupParam,
    query: n.newsQuery,
    response: n.newsListResponse,
    summary: 'News for a group page (GROUP or BOTH)',
    tags,
  }),
  readNews: endpoint({
    method: 'POST',
    path: '/members/me/informations/read',
    auth: true,
    body: n.newsReadBody,
    response: n.newsReadResponse,
    summary: 'Report news items read',
    tags,
  }),
  adminNewsList: endpoint({
    method: 'GET',
    path: '/admin/informations',
    auth: true,
    query: n.newsQuery,
    response: n.adminNewsListResponse,
    summary: 'The company’s CMS news, withdrawn ones included (company administrator)',
    tags,
  }),
  createNews: endpoint({
    method: 'POST',
    path: '/admin/informations',
    auth: true,
    body: n.cmsNewsBody,
    response: n.adminNewsResponse,
    summary: 'Post a CMS news item; HTML is sanitised (company administrator)',
    tags,
  }),
  updateNews: endpoint({
    method: 'PATCH',
    path: '/admin/informations/:id',
    auth: true,
    params: n.newsIdParam,
    body: n.cmsNewsBody,
    response: n.adminNewsResponse,
    summary: 'Edit a CMS news item (company administrator)',
    tags,
  }),
  withdrawNews: endpoint({
    method: 'POST',
    path: '/admin/informations/:id/withdraw',
    auth: true,
    params: n.newsIdParam,
    response: okSchema,
    summary: 'Withdraw a CMS news item: it leaves every list (company administrator)',
    tags,
  }),
};
