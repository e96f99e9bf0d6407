import { Link2, Share2 } from 'lucide-react';
import { esMyPlaces } from '../../i18n/screens/myPlaces';
import { toast } from '../Toast/toast';

const text = esMyPlaces.share;

interface ShareButtonProps {
  /** The page's path or full URL: its preview (title, description, image) comes from the server's head. */
  url: string;
  title: string;
  /** A line the share sheet offers with the link. */
  text?: string;
  className?: string;
}

/**
 * "Compartir" a post, a place or a video (issue #32): the phone's own share sheet (Web Share API) where the
 * browser has one, else "Copiar enlace" to the clipboard, which says "Enlace copiado".
 */
export function ShareButton({ url, title, text: line, className = 'btn btn-secondary' }: ShareButtonProps) {
  const canShare = typeof navigator.share === 'function';
  const onClick = async () => {
    const href = new URL(url, window.location.origin).href;
    if (canShare) {
      // Closing the sheet without sharing rejects: nothing to say.
      await navigator.share({ title, text: line, url: href }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(href);
      toast(text.copied, 'ok');
    } catch {
      toast(text.copyFailed, 'ko');
    }
  };
  const Icon = canShare ? Share2 : Link2;
  return (
    <button type="button" className={className} onClick={() => void onClick()}>
      <Icon aria-hidden="true" size={18} />
      {canShare ? text.share : text.copy}
    </button>
  );
}
