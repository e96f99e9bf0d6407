import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.js';
import { apiNotFoundHandler } from './http/api-not-found.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { followsRoutes } from './modules/follows/follows.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { ownProfileRoutes } from './modules/own-profile/own-profile.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { mapRoutes } from './modules/map/map.routes.js';
import { placeStatusRoutes } from './modules/map/place-status.routes.js';
import { lpgPricesRoutes } from './modules/lpg-prices/lpg-prices.routes.js';
import { channelsRoutes } from './modules/channels/channels.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { guideRoutes } from './modules/guide/guide.routes.js';
import { premiumRoutes } from './modules/premium/premium.routes.js';
import { realtimeRoutes } from './realtime/realtime.routes.js';
import { videoUploadRoutes } from './modules/videos/video-uploads.routes.js';

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
    await api.register(profilesRoutes(ctx));
    await api.register(moderationRoutes(ctx));
    await api.register(notificationsRoutes(ctx));
    await api.register(searchRoutes(ctx));
    await api.register(ownProfileRoutes(ctx));
    await api.register(realtimeRoutes(ctx));
    await api.register(chatRoutes(ctx));
    await api.register(mapRoutes(ctx));
    await api.register(placeStatusRoutes(ctx));
    await api.register(lpgPricesRoutes(ctx));
    await api.register(videoUploadRoutes(ctx));
    await api.register(channelsRoutes(ctx));
    await api.register(pushRoutes(ctx));
    await api.register(guideRoutes(ctx));
    await api.register(premiumRoutes(ctx));
    api.setNotFoundHandler(apiNotFoundHandler(api));
    // Answers carry tokens and people's data: no browser or proxy keeps a copy.
    api.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  };
