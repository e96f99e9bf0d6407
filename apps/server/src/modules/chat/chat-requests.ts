import { CHAT_REQUEST_MESSAGES_MAX, MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import * as q from './chat-requests.queries.js';
import { sendMessageTo, type MessageToSend, type SendOutcome } from './chat.queries.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A message to someone who is not a friend and has not written back is a request: a sender may write
 * CHAT_REQUEST_MESSAGES_MAX of them to one person until that person answers, and begin requests with
 * CHAT_REQUESTS_DAILY people a day. Between friends, or once the other side has written, only the
 * socket's frame limit applies (and this path is not taken: sendMessageTo stores such messages at once).
 * Runs under the sender's row lock, so two sockets of theirs cannot both take the day's last request.
 * Answers what sendMessageTo stored, or the Spanish refusal. A resend is the caller's to recognize first.
 */
export async function sendRequest(
  ctx: AppContext,
  message: MessageToSend,
  recipientId: string,
): Promise<SendOutcome | string | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    await q.lockSender(trx, message.senderId);
    const request = await q.findRequest(trx, message.senderId, recipientId);
    if (request && request.answered_at === null) {
      if (request.messages >= CHAT_REQUEST_MESSAGES_MAX) return MSG.chatRequestUnanswered;
      await q.countRequestMessage(trx, message.senderId, recipientId);
    } else if (!request) {
      // Friends until now, or talking before requests existed: the conversation is not new.
      const answered = await q.hasWrittenTo(trx, recipientId, message.senderId);
      if (!answered) {
        const since = new Date(Date.now() - DAY_MS);
        const today = await q.countRequestsSince(trx, message.senderId, since);
        if (today >= ctx.config.chatRequestsDaily) return MSG.chatRequestsToday;
      }
      await q.insertRequest(trx, {
        senderId: message.senderId,
        recipientId,
        messages: answered ? 0 : 1,
        answered,
      });
    }
    return sendMessageTo(trx, { ...message, asRequest: true });
  });
}
