import { createStore, useStore } from '../app/store';

// In the first screen's JS (a few bytes): the header's Chat button and the floating trigger read these; the
// chat, which loads later, writes them.

/** Unread chat messages, all conversations together. */
export const chatUnread = createStore(0);
export const useChatUnread = () => useStore(chatUnread);

/** The latest words for screen readers about an arriving message (a polite live region says them). */
export const chatAnnouncement = createStore({ text: '', id: 0 });
/** Numbered, so that the same words twice are said twice. */
export const announceChat = (text: string) => chatAnnouncement.set(({ id }) => ({ text, id: id + 1 }));
