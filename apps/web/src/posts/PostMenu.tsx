import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Ellipsis, Flag, Pencil, Trash2, UserMinus, UserPlus } from 'lucide-react';
import { MSG, TOAST_POST_MS } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { toast } from '../components/Toast/toast';
import { useReportPostMutation } from '../api/queries/reportPost';
import { esMuro } from '../i18n/screens/muro';
import { useFollowState, useFollowToggle } from '../components/FollowButton/useFollowToggle';
import { closeMenuIf, openPostDialog, setOpenMenu, toastFailure, useWallUi, wallEvents } from './wallStore';
import styles from './PostMenu.module.css';

const text = esMuro.menu;

/**
 * The post's ⋯ menu (logged-in users only): own post → 'Eliminar post', 'Editar post'; another's →
 * 'Seguir' / 'Dejar de seguir' and 'Denunciar post'. One open at a time; Escape, Tab or a click outside close it.
 */
export function PostMenu({ post }: { post: WallPost }) {
  const id = useId();
  const open = useWallUi((state) => state.menu === id);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const toggleFollow = useFollowToggle();
  const { follows, resting: followResting } = useFollowState(post.username, post.follow === 1);
  const report = useReportPostMutation();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Closes this menu if it is still the open one when the component goes (the post was removed).
  useEffect(() => () => closeMenuIf(id), [id]);

  const close = (refocus = true) => {
    setOpenMenu(null);
    if (refocus) button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      go(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      go(at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      go(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      go(items.length - 1);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const onReport = () => {
    close();
    report
      .mutateAsync(post.url)
      .then(() => {
        toast(MSG.postReported, 'ok', TOAST_POST_MS);
        wallEvents.emit('removed', post.url);
      })
      .catch(toastFailure);
  };

  return (
    <div ref={root} className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={text.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpenMenu(open ? null : id)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpenMenu(id);
          }
        }}
      >
        <Ellipsis aria-hidden="true" size={22} />
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={text.label}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          {post.self ? (
            <>
              <MenuItem
                icon={<Pencil size={18} />}
                label={text.edit}
                onSelect={() => {
                  close();
                  openPostDialog({ kind: 'edit', post });
                }}
              />
              <MenuItem
                icon={<Trash2 size={18} />}
                label={text.delete}
                danger
                onSelect={() => {
                  close();
                  openPostDialog({ kind: 'delete', post });
                }}
              />
            </>
          ) : (
            <>
              <MenuItem
                icon={follows ? <UserMinus size={18} /> : <UserPlus size={18} />}
                label={follows ? text.unfollow : text.follow}
                busy={followResting}
                onSelect={() => {
                  close();
                  toggleFollow(post.username, !follows);
                }}
              />
              <MenuItem icon={<Flag size={18} />} label={text.report} danger onSelect={onReport} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

function MenuItem({
  icon,
  label,
  danger,
  busy,
  onSelect,
}: {
  icon: ReactNode;
  label: string;
  danger?: boolean;
  /** The action is already on its way (a follow being sent): shown, not repeated. */
  busy?: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={`${styles.item} ${danger ? styles.danger : ''}`}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : onSelect}
    >
      <span aria-hidden="true">{icon}</span>
      {label}
    </button>
  );
}
