import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import * as chat from './chat.service.js';
import { applyFriendUpdate } from './friend-updates.js';

/** The chat's socket frames ('c': send, see, block; 'au': friend updates) and its catch-up after an outage. */
export function registerChatFrames(ctx: AppContext): void {
  const { frames, events } = ctx.realtime;
  frames.handle('c', async (frame, connection) => {
    const user = connection.identity;
    switch (frame.ta) {
      case 'send': {
        const answer = await chat.sendMessage(ctx, user, frame).catch((error: unknown) => {
          connection.log.error({ err: error, userId: user.userId }, 'chat: a message could not be stored');
          return chat.refusal(frame, 'error', MSG.chatSendFailed);
        });
        connection.send(answer);
        return;
      }
      case 'see':
        return chat.seeConversation(ctx, user, frame.to);
      case 'block':
        return chat.toggleBlock(ctx, user, frame.to);
    }
  });
  frames.handle('au', async (frame, connection) => {
    const outcome = await applyFriendUpdate(ctx, connection.identity, frame);
    if (outcome !== 'applied')
      connection.log.info({ userId: connection.userId, outcome }, 'chat: friend update ignored');
  });
  events.onResume((downSince) => chat.catchUp(ctx, downSince));
}
