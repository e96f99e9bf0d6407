import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.js';
import { notFound } from './http/errors.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { followsRoutes } from './modules/follows/follows.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { forgetSharedPages } from './modules/posts/posts-list.service.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';

/** Every API module, mounted under /api. */
export const apiRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    await api.register(healthRoutes(ctx));
    await api.register(accountsRoutes(ctx));
    await api.register(trackingRoutes(ctx));
    await api.register(contactRoutes(ctx));
    await api.register(postsRoutes(ctx));
    await api.register(commentsRoutes(ctx));
    await api.register(followsRoutes(ctx));
    // Before the answer leaves, so the writer's next read already misses the cache.
    api.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'POST' && reply.statusCode < 300) forgetSharedPages(ctx);
      return payload;
    });
    api.setNotFoundHandler(() => {
      throw notFound();
    });
  };
