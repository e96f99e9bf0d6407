import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_CLIENT_ID_PATTERN,
  decodeFrame,
  MSG,
  type ChatRefusal,
  type ClientFrame,
} from '@nomadas/shared';
import { clientFrameSchema } from '@nomadas/shared/schemas';
import { ApiError } from '../http/errors.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { SocketConnection } from './connection.js';

export type FrameType = ClientFrame['t'];
export type FrameOf<T extends FrameType> = Extract<ClientFrame, { t: T }>;
export type FrameHandler<T extends FrameType> = (
  frame: FrameOf<T>,
  connection: SocketConnection,
) => Promise<void>;

const isRateLimited = (error: unknown) => error instanceof ApiError && error.statusCode === 429;

/**
 * What happens to each frame a socket sends: counted against the user's 20 per second (DESIGN.md §6),
 * decoded (base64 of JSON), checked against the protocol's schema, then given to the handler its module
 * registered for its `t`. A malformed frame is dropped and logged; its socket and every other stay open.
 */
export class FrameRouter {
  private readonly handlers = new Map<FrameType, FrameHandler<any>>();

  constructor(
    private readonly limits: RateLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The one handler of frames of type `t` (chat 'c', friend updates 'au', map 'm'). */
  handle<T extends FrameType>(t: T, handler: FrameHandler<T>): void {
    this.handlers.set(t, handler);
  }

  /**
   * A frame as it arrives: counted against the user's limit at once, so that a burst is judged by when it came,
   * not by how long the frames before it took to handle; then handled in its turn in the socket's queue.
   */
  arrive(connection: SocketConnection, data: string): void {
    // Settled into a value: a failure is rethrown when the frame's turn comes, never left unhandled till then.
    const counted = this.limits.consume('socketFrameUser', connection.userId).then(
      () => 'admitted' as const,
      (error: unknown) => (isRateLimited(error) ? ('limited' as const) : { failed: error }),
    );
    connection.enqueue(() => this.receive(connection, data, counted));
  }

  private async receive(
    connection: SocketConnection,
    data: string,
    counted: Promise<'admitted' | 'limited' | { failed: unknown }>,
  ): Promise<void> {
    const userId = connection.userId;
    const decoded = decodeFrame(data);
    const verdict = await counted;
    if (typeof verdict === 'object') throw verdict.failed;
    if (verdict === 'limited') {
      this.refuseIfMessage(connection, decoded, 'rate', MSG.chatRateLimited);
      this.log.debug({ userId }, 'realtime: frame over the rate limit dropped');
      return;
    }
    if (decoded === undefined) {
      this.log.warn(
        { userId, bytes: data.length },
        'realtime: a frame that is not base64 of JSON was dropped',
      );
      return;
    }
    const parsed = clientFrameSchema.safeParse(decoded);
    if (!parsed.success) {
      // A message the protocol cannot take is still answered, so the client's outbox does not wait on it.
      this.refuseIfMessage(connection, decoded, 'error', MSG.chatSendFailed);
      const t = (decoded as { t?: unknown } | null)?.t;
      this.log.warn(
        { userId, t: typeof t === 'string' ? t.slice(0, 20) : typeof t },
        'realtime: unknown frame dropped',
      );
      return;
    }
    const handler = this.handlers.get(parsed.data.t);
    if (!handler) {
      this.log.debug({ userId, t: parsed.data.t }, 'realtime: no handler for this frame type yet');
      return;
    }
    await handler(parsed.data, connection);
  }

  /** A chat message that is dropped is refused by name (with its `cid`), so the client knows what became of it. */
  private refuseIfMessage(
    connection: SocketConnection,
    decoded: unknown,
    why: ChatRefusal,
    msg: string,
  ): void {
    const frame = decoded as { t?: unknown; ta?: unknown; to?: unknown; cid?: unknown } | undefined;
    if (frame?.t !== 'c' || frame.ta !== 'send' || typeof frame.to !== 'string') return;
    connection.send({
      t: 'c',
      ta: 'ko',
      to: frame.to.slice(0, 100),
      ...(typeof frame.cid === 'string' && CHAT_CLIENT_ID_PATTERN.test(frame.cid) ? { cid: frame.cid } : {}),
      why,
      msg,
    });
  }
}
