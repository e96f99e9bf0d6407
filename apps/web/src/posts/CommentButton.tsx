import { MessageCircle } from 'lucide-react';
import type { WallPost } from '@nomadas/shared/schemas';
import { esMuro } from '../i18n/screens/muro';
import { postPartStyles as styles } from './PostParts';

/** The speech-bubble action: to the comment field, or the visitor's popup. Shows the post's comment total. */
export function CommentButton({ post, onClick }: { post: WallPost; onClick: () => void }) {
  return (
    <button type="button" className={styles.action} onClick={onClick}>
      <MessageCircle aria-hidden="true" size={24} />
      <span aria-hidden="true">{post.comentarios}</span>
      <span className="visually-hidden">
        {esMuro.post.comment}, {esMuro.post.comments(post.comentarios)}
      </span>
    </button>
  );
}
