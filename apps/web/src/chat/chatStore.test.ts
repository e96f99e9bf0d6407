import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX, MSG, type ClientFrame } from '@nomadas/shared';
import type { ChatMessage, Conversation } from '@nomadas/shared/schemas';
import { FakeClock } from '../test/fakeClock';
import { MemoryStorage } from '../test/memoryStorage';
import { ACK_TIMEOUT_MS, createChatStore, OUTBOX_KEY, unreadTotal, type ChatThread } from './chatStore';
import { lastReadIndex } from './chatThreads';

const T0 = 1_760_000_000_000;

function message(id: number, send: boolean, msg: string, robot = false): ChatMessage {
  const time = T0 + id * 60_000;
  return { id: String(id), send, msg, date: new Date(time).toISOString(), time, robot: robot ? 1 : 0 };
}

/** `chats` as the server sends them: newest first. */
function conversation(
  name: string,
  messages: ChatMessage[],
  extra: Partial<Conversation> = {},
): Conversation {
  return {
    name,
    img: `/media/${name}.jpg`,
    chats: [...messages].sort((a, b) => b.time - a.time),
    fin: 1,
    novisto: 0,
    sinleer: 0,
    block: 0,
    robot: 0,
    ...extra,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { storage?: MemoryStorage; list?: Conversation[] } = {}) {
  const clock = new FakeClock(T0 + 3_600_000);
  const storage = options.storage ?? new MemoryStorage();
  const sent: ClientFrame[] = [];
  /** Rang (not on screen) and only announced (on screen). */
  const alerts: string[] = [];
  const heard: string[] = [];
  const fetched: Array<[string, string | undefined]> = [];
  let open = false;
  let connection = 0;
  let wakes = 0;
  let officialSeen = 0;
  let visible = true;
  let ids = 0;
  let list: Conversation[] | null = options.list ?? [];
  const server = new Map<string, Conversation>();
  /** Users the server answers 404 for (deleted accounts). */
  const gone = new Set<string>();
  const chat = createChatStore({
    socket: {
      send: (frame) => {
        if (open) sent.push(frame);
        else queued.push(frame);
        return open;
      },
      isOpen: () => open,
      connection: () => connection,
      wake: () => void wakes++,
    },
    fetchChats: async () => list,
    fetchConversation: async (name, before) => {
      fetched.push([name, before]);
      return server.get(before ? `${name}<${before}` : name) ?? null;
    },
    conversationGone: async (name) => gone.has(name),
    markOfficialSeen: () => void officialSeen++,
    storage,
    clock,
    newClientId: () => `cid${++ids}`,
    incoming: ({ from, onScreen }) => void (onScreen ? heard : alerts).push(from),
    isPageVisible: () => visible,
  });
  const queued: ClientFrame[] = [];
  const thread = (name: string): ChatThread => chat.state.get().threads.find((t) => t.name === name)!;
  return {
    chat,
    clock,
    storage,
    sent,
    queued,
    alerts,
    heard,
    fetched,
    server,
    gone,
    thread,
    names: () => chat.state.get().threads.map((t) => t.name),
    texts: (name: string) => thread(name).bubbles.map((b) => `${b.text}:${b.state}`),
    connect() {
      open = true;
      connection++;
      chat.socketOpened(connection);
    },
    disconnect: () => void (open = false),
    setList: (next: Conversation[] | null) => (list = next),
    setVisible: (next: boolean) => (visible = next),
    wakes: () => wakes,
    officialSeen: () => officialSeen,
  };
}

const ack = (to: string, cid: string, id: number, msg: string) =>
  ({ t: 'c', ta: 'ack', to, cid, id: String(id), msg, date: '', time: T0 + id * 60_000, robot: 0 }) as const;
const incoming = (from: string, id: number, msg: string) =>
  ({
    t: 'c',
    ta: 'new',
    from,
    img: '',
    id: String(id),
    msg,
    date: '',
    time: T0 + id * 60_000,
    robot: 0,
  }) as const;

/** A store started as 'yo' with one conversation, ana's "hola", once its first list has arrived. */
async function startedWithAna() {
  const t = setup({ list: [conversation('ana', [message(1, false, 'hola')])] });
  t.chat.start('yo');
  await settle();
  return t;
}

describe('the chat state machine (spec §4 "Chat")', () => {
  it('loads the conversations, oldest message first in each, and counts the unread ones', async () => {
    const t = setup({
      list: [
        conversation('ana', [message(2, false, 'hola'), message(3, true, '¿qué tal?')], { novisto: 1 }),
        conversation('nomadas', [message(1, false, '¡Bienvenida!', true)], { robot: 1, novisto: 1 }),
      ],
    });
    t.chat.start('yo');
    expect(t.chat.state.get().list).toBe('loading');
    await settle();
    expect(t.chat.state.get().list).toBe('ready');
    expect(t.names()).toEqual(['ana', 'nomadas']);
    expect(t.texts('ana')).toEqual(['hola:sent', '¿qué tal?:sent']);
    expect(t.thread('nomadas').bubbles[0]!.robot).toBe(true);
    expect(unreadTotal(t.chat.state.get())).toBe(2);
  });

  it('a message is pending until its ack, which gives it the stored id and time', async () => {
    const t = await startedWithAna();
    t.connect();
    t.chat.setPanel(true);
    t.chat.openThread('ana');
    expect(t.sent).toEqual([{ t: 'c', ta: 'see', to: 'ana' }]);
    expect(t.chat.send('¡Hola, Ana!')).toBe(true);
    expect(t.sent.at(-1)).toEqual({ t: 'c', ta: 'send', to: 'ana', txt: '¡Hola, Ana!', cid: 'cid1' });
    expect(t.texts('ana')).toEqual(['hola:sent', '¡Hola, Ana!:pending']);
    expect(JSON.parse(t.storage.getItem(OUTBOX_KEY)!)).toMatchObject({ u: 'yo', items: [{ cid: 'cid1' }] });

    t.chat.receive(ack('ana', 'cid1', 5, '¡Hola, Ana!'));
    const last = t.thread('ana').bubbles.at(-1)!;
    expect(last).toMatchObject({ id: '5', state: 'sent', time: T0 + 5 * 60_000, key: 'ccid1' });
    expect(t.storage.getItem(OUTBOX_KEY)).toBeNull();
    t.clock.advance(ACK_TIMEOUT_MS * 2);
    expect(last.state).toBe('sent');
  });

  it('needs a visible character and at most 2,000 characters', async () => {
    const t = await startedWithAna();
    t.chat.openThread('ana');
    expect(t.chat.send('   \n\t ')).toBe(false);
    expect(t.chat.send('x'.repeat(CHAT_TEXT_MAX + 1))).toBe(false);
    expect(t.chat.send('😀'.repeat(CHAT_TEXT_MAX))).toBe(true);
    expect(t.thread('ana').bubbles).toHaveLength(2);
  });

  it('written with no socket: waits, wakes the socket, and goes out when one opens', async () => {
    const t = await startedWithAna();
    t.chat.openThread('ana');
    t.chat.send('sin conexión');
    expect(t.wakes()).toBe(1);
    expect(t.sent.filter((f) => f.t === 'c' && f.ta === 'send')).toEqual([]);
    t.connect();
    expect(t.sent).toContainEqual({ t: 'c', ta: 'send', to: 'ana', txt: 'sin conexión', cid: 'cid1' });
  });

  it('sent on a socket that dropped before the ack: sent again with the same cid on the next, stored once', async () => {
    const t = await startedWithAna();
    t.connect();
    t.chat.openThread('ana');
    t.chat.send('¿llegó?');
    t.disconnect();
    t.setList([conversation('ana', [message(1, false, 'hola'), message(2, true, '¿llegó?')])]);
    t.connect();
    const sends = t.sent.filter((f) => f.t === 'c' && f.ta === 'send');
    expect(sends).toHaveLength(2);
    expect(sends[0]).toEqual(sends[1]);
    await settle(); // the list fetched after the reconnect already has it as stored
    t.chat.receive(ack('ana', 'cid1', 2, '¿llegó?'));
    t.chat.receive(ack('ana', 'cid1', 2, '¿llegó?'));
    expect(t.texts('ana')).toEqual(['hola:sent', '¿llegó?:sent']);
  });

  it('a refused message fails with the server message; retry sends it again with its cid, discard drops it', async () => {
    const t = await startedWithAna();
    t.connect();
    t.chat.openThread('ana');
    t.chat.send('uno');
    t.chat.send('dos');
    t.chat.receive({ t: 'c', ta: 'ko', to: 'ana', cid: 'cid1', why: 'blocked', msg: MSG.chatBlocked });
    t.chat.receive({ t: 'c', ta: 'ko', to: 'ana', cid: 'cid2', why: 'rate', msg: MSG.chatRateLimited });
    expect(t.thread('ana').bubbles.slice(1)).toMatchObject([
      { text: 'uno', state: 'failed', error: MSG.chatBlocked },
      { text: 'dos', state: 'failed', error: MSG.chatRateLimited },
    ]);
    expect(JSON.parse(t.storage.getItem(OUTBOX_KEY)!).items).toHaveLength(2);

    t.chat.retry('ccid2');
    expect(t.sent.at(-1)).toEqual({ t: 'c', ta: 'send', to: 'ana', txt: 'dos', cid: 'cid2' });
    expect(t.texts('ana')).toEqual(['hola:sent', 'uno:failed', 'dos:pending']);
    t.chat.discard('ccid1');
    t.chat.receive(ack('ana', 'cid2', 4, 'dos'));
    expect(t.texts('ana')).toEqual(['hola:sent', 'dos:sent']);
    expect(t.storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('a message refused while blocked stays where it was written: newer messages come after it, and the last is the newest', async () => {
    const t = await startedWithAna();
    t.connect();
    t.chat.openThread('ana');
    t.chat.send('antes del bloqueo');
    t.chat.receive({ t: 'c', ta: 'ko', to: 'ana', cid: 'cid1', why: 'blocked', msg: MSG.chatBlocked });
    // ana writes after it (the clock is at minute 60, her message at minute 70), and I write again.
    t.clock.advance(5 * 60_000);
    t.chat.receive(incoming('ana', 70, 'ya puedes escribirme'));
    t.clock.advance(10 * 60_000);
    t.chat.send('¡hola de nuevo!');
    t.chat.receive(ack('ana', 'cid2', 75, '¡hola de nuevo!'));
    expect(t.texts('ana')).toEqual([
      'hola:sent',
      'antes del bloqueo:failed',
      'ya puedes escribirme:sent',
      '¡hola de nuevo!:sent',
    ]);
    // What the list previews: the newest message, not the failed one.
    expect(t.thread('ana').bubbles.at(-1)!.text).toBe('¡hola de nuevo!');

    // Sent again, it is the newest.
    t.clock.advance(60_000);
    t.chat.retry('ccid1');
    expect(t.texts('ana').at(-1)).toBe('antes del bloqueo:pending');
  });

  it('failed messages to an account that no longer exists are dropped, with the outbox; a user who still exists keeps them', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage, list: [conversation('luis', []), conversation('eva', [])] });
    first.chat.start('yo');
    await settle();
    first.connect();
    for (const [name, cid] of [
      ['luis', 'cid1'],
      ['eva', 'cid2'],
    ] as const) {
      first.chat.openThread(name);
      first.chat.send(`para ${name}`);
      first.chat.receive({ t: 'c', ta: 'ko', to: name, cid, why: 'blocked', msg: MSG.chatBlocked });
    }
    expect(JSON.parse(storage.getItem(OUTBOX_KEY)!).items).toHaveLength(2);

    // luis deleted his account: the list no longer has either conversation, and the server knows no luis.
    const reloaded = setup({ storage, list: [conversation('ana', [message(1, false, 'hola')])] });
    reloaded.gone.add('luis');
    reloaded.chat.start('yo');
    await settle();
    await settle();
    expect(reloaded.names()).toEqual(['eva', 'ana']);
    expect(reloaded.texts('eva')).toEqual(['para eva:failed']);
    expect(JSON.parse(storage.getItem(OUTBOX_KEY)!).items).toMatchObject([{ to: 'eva', txt: 'para eva' }]);
  });

  it("my stored messages are delivered (one tick) until they open the conversation ('read': two ticks)", async () => {
    const t = setup({
      list: [conversation('ana', [message(1, true, 'leído'), message(2, true, 'sin leer')], { sinleer: 1 })],
    });
    t.chat.start('yo');
    await settle();
    t.connect();
    t.chat.openThread('ana');
    // The newest one of mine is not read yet: the one before it is.
    expect(lastReadIndex(t.thread('ana').bubbles, t.thread('ana').sinleer)).toBe(0);
    t.chat.send('otro');
    t.chat.receive(ack('ana', 'cid1', 3, 'otro'));
    // A repeated ack is not a second unread message.
    t.chat.receive(ack('ana', 'cid1', 3, 'otro'));
    expect(t.thread('ana').sinleer).toBe(2);
    expect(lastReadIndex(t.thread('ana').bubbles, 2)).toBe(0);
    t.chat.receive({ t: 'c', ta: 'read', by: 'Ana' });
    expect(t.thread('ana').sinleer).toBe(0);
    expect(lastReadIndex(t.thread('ana').bubbles, 0)).toBe(2);
    // Their own messages never count: none of mine read is -1.
    expect(lastReadIndex([{ ...t.thread('ana').bubbles[0]!, mine: false }], 0)).toBe(-1);
  });

  it('a message with no ack within 15 s is shown as failed (nothing is lost silently)', async () => {
    const t = await startedWithAna();
    t.connect();
    t.chat.openThread('ana');
    t.chat.send('¿hola?');
    t.clock.advance(ACK_TIMEOUT_MS - 1);
    expect(t.texts('ana').at(-1)).toBe('¿hola?:pending');
    t.clock.advance(1);
    expect(t.thread('ana').bubbles.at(-1)).toMatchObject({ state: 'failed', error: MSG.chatSendFailed });
    // A late ack still counts.
    t.chat.receive(ack('ana', 'cid1', 9, '¿hola?'));
    expect(t.texts('ana').at(-1)).toBe('¿hola?:sent');
  });

  it('the outbox survives a reload: the same user gets the waiting messages back and they go out; another user does not', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage, list: [conversation('ana', [message(1, false, 'hola')])] });
    first.chat.start('yo');
    await settle();
    first.chat.openThread('ana');
    first.chat.send('escrito sin red');
    first.chat.send('y este falla');
    first.connect();
    first.chat.receive({ t: 'c', ta: 'ko', to: 'ana', cid: 'cid2', why: 'error', msg: MSG.chatSendFailed });

    const reloaded = setup({ storage, list: [conversation('ana', [message(1, false, 'hola')])] });
    reloaded.chat.start('yo');
    await settle();
    expect(reloaded.texts('ana')).toEqual(['hola:sent', 'escrito sin red:pending', 'y este falla:failed']);
    reloaded.connect();
    expect(reloaded.sent).toEqual([{ t: 'c', ta: 'send', to: 'ana', txt: 'escrito sin red', cid: 'cid1' }]);

    // Someone else logging in on this browser never sees them (and they are not kept for later).
    const other = setup({ storage, list: [] });
    other.chat.start('otra');
    await settle();
    expect(other.names()).toEqual([]);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("a 'new' message in a chat not on screen raises its unread count, rings and goes first; one on screen is seen", async () => {
    const t = setup({
      list: [
        conversation('ana', [message(2, false, 'hola')]),
        conversation('luis', [message(1, false, 'buenas')]),
      ],
    });
    t.chat.start('yo');
    await settle();
    t.connect();
    t.chat.receive(incoming('luis', 3, '¿ruta mañana?'));
    expect(t.names()).toEqual(['luis', 'ana']);
    expect(t.thread('luis').novisto).toBe(1);
    expect(t.alerts).toEqual(['luis']);
    t.chat.receive(incoming('luis', 3, '¿ruta mañana?')); // repeated by a catch-up
    expect(t.thread('luis').novisto).toBe(1);
    expect(t.texts('luis')).toEqual(['buenas:sent', '¿ruta mañana?:sent']);

    t.chat.setPanel(true);
    t.chat.openThread('ana');
    t.chat.receive(incoming('ana', 4, 'vale'));
    expect(t.thread('ana').novisto).toBe(0);
    expect(t.sent.at(-1)).toEqual({ t: 'c', ta: 'see', to: 'ana' });
    expect(t.alerts).toEqual(['luis']);
    expect(t.heard).toEqual(['ana']);

    // Open but on a hidden tab: it waits as unread until the page is seen.
    t.setVisible(false);
    t.chat.receive(incoming('ana', 5, '¿sigues ahí?'));
    expect(t.thread('ana').novisto).toBe(1);
    expect(t.alerts).toEqual(['luis', 'ana']);
    t.setVisible(true);
    t.chat.pageShown();
    expect(t.thread('ana').novisto).toBe(0);

    t.chat.receive(incoming('eva', 6, 'hola, soy nueva'));
    expect(t.names()[0]).toBe('eva');
    expect(unreadTotal(t.chat.state.get())).toBe(2);
  });

  it("opening sends 'see' and zeroes the count; the official chat calls view/nchats instead", async () => {
    const t = setup({
      list: [
        conversation('ana', [message(2, false, 'hola')], { novisto: 3 }),
        conversation('nomadas', [message(1, false, 'Bienvenida', true)], { robot: 1, novisto: 1 }),
      ],
    });
    t.chat.start('yo');
    await settle();
    t.connect();
    t.chat.setPanel(true);
    t.chat.openThread('ana');
    expect(t.sent).toEqual([{ t: 'c', ta: 'see', to: 'ana' }]);
    expect(t.thread('ana').novisto).toBe(0);
    t.chat.openThread('nomadas');
    expect(t.officialSeen()).toBe(1);
    expect(t.thread('nomadas').novisto).toBe(0);
    expect(t.sent).toHaveLength(1);
    expect(t.chat.send('¿me lees?')).toBe(false);
  });

  it("a profile's 'Enviar mensaje' opens a conversation that is not in the list yet", async () => {
    const t = setup({ list: [] });
    t.chat.start('yo');
    await settle();
    t.connect();
    t.server.set('eva', conversation('eva', [], { fin: 1 }));
    t.chat.openThread('eva');
    expect(t.chat.state.get().opening).toBe('loading');
    await settle();
    expect(t.fetched).toEqual([['eva', undefined]]);
    expect(t.chat.state.get()).toMatchObject({ open: 'eva', opening: null });
    expect(t.thread('eva')).toMatchObject({ img: '/media/eva.jpg', fin: true, bubbles: [] });
    t.chat.openThread('nadie');
    await settle();
    expect(t.chat.state.get()).toMatchObject({ open: 'nadie', opening: 'error' });
  });

  it("blocking flips the flag at once and sends 'block'; 'gblock' replaces the list; a blocked chat takes no message", async () => {
    const t = setup({
      list: [
        conversation('ana', [message(2, false, 'hola')]),
        conversation('luis', [message(1, false, 'x')], { block: 1 }),
      ],
    });
    t.chat.start('yo');
    await settle();
    t.connect();
    t.chat.toggleBlock('ana');
    expect(t.thread('ana').block).toBe(true);
    expect(t.sent.at(-1)).toEqual({ t: 'c', ta: 'block', to: 'ana' });
    t.chat.openThread('ana');
    expect(t.chat.send('hola')).toBe(false);
    t.chat.receive({ t: 'c', ta: 'gblock', users: ['ana'] });
    expect([t.thread('ana').block, t.thread('luis').block]).toEqual([true, false]);
    t.chat.receive({ t: 'c', ta: 'gblock', users: [] });
    expect(t.thread('ana').block).toBe(false);
    expect(t.chat.send('hola')).toBe(true);
  });

  it('older messages come before the ones shown, until fin', async () => {
    const t = setup({
      list: [conversation('ana', [message(5, false, 'cinco'), message(6, true, 'seis')], { fin: 0 })],
    });
    t.chat.start('yo');
    await settle();
    t.server.set(
      'ana<5',
      conversation('ana', [message(3, false, 'tres'), message(4, true, 'cuatro')], { fin: 1 }),
    );
    await t.chat.loadOlder('ana');
    expect(t.fetched).toEqual([['ana', '5']]);
    expect(t.texts('ana')).toEqual(['tres:sent', 'cuatro:sent', 'cinco:sent', 'seis:sent']);
    expect(t.thread('ana').fin).toBe(true);
    await t.chat.loadOlder('ana');
    expect(t.fetched).toHaveLength(1);
  });

  it('after a reconnect the list is fetched again and what the socket missed is merged in', async () => {
    const t = await startedWithAna();
    t.connect();
    t.disconnect();
    t.setList([
      conversation('ana', [message(1, false, 'hola'), message(2, false, 'perdida')], { novisto: 1 }),
    ]);
    t.connect();
    await settle();
    expect(t.texts('ana')).toEqual(['hola:sent', 'perdida:sent']);
    expect(unreadTotal(t.chat.state.get())).toBe(1);
  });

  it('a message stored between the first list and the first socket is fetched when the socket opens', async () => {
    const t = setup({ list: [] });
    t.chat.start('yo');
    await settle();
    expect(t.names()).toEqual([]);
    t.setList([conversation('ana', [message(1, false, 'justo antes')], { novisto: 1 })]);
    t.connect();
    await settle();
    expect(t.texts('ana')).toEqual(['justo antes:sent']);
    expect(unreadTotal(t.chat.state.get())).toBe(1);
  });

  it('logout forgets the conversations and the outbox, and drops a list that answers late', async () => {
    const t = await startedWithAna();
    t.chat.openThread('ana');
    t.chat.send('pendiente');
    expect(t.storage.getItem(OUTBOX_KEY)).not.toBeNull();
    t.chat.start('yo');
    t.chat.stop();
    await settle();
    expect(t.chat.state.get()).toMatchObject({ user: null, threads: [], open: null, list: 'idle' });
    expect(t.storage.getItem(OUTBOX_KEY)).toBeNull();
    t.chat.receive(incoming('ana', 2, 'hola'));
    expect(t.chat.state.get().threads).toEqual([]);
  });
});
