import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import type { ZodError } from 'zod';
import { MSG } from '@nomadas/shared';
import { hideCurtain, showCurtain } from '../Curtain/curtain';
import { esOverlays } from '../../i18n/es.overlays';
import { openAuthModal, type AuthMode } from './openAuthModal';
import styles from './AuthModal.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  hint?: string;
  invalid?: boolean;
  autoFocusFirst?: boolean;
}

/** A labelled, required text input (the forms say every field is required). */
export function TextField({ label, hint, invalid, autoFocusFirst, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-autofocus={autoFocusFirst || undefined}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, hint, invalid, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.password}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-required="true"
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={visible}
          aria-label={visible ? esOverlays.auth.hidePassword : esOverlays.auth.showPassword}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    <button
      type="submit"
      className={`btn btn-primary btn-block ${styles.submit}`}
      aria-disabled={busy}
      aria-busy={busy}
    >
      {busy && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** Reads a form's named text values. */
export function formValues<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}

export const firstIssue = (error: ZodError) => ({
  message: error.issues[0]?.message ?? MSG.invalidInput,
  field: typeof error.issues[0]?.path[0] === 'string' ? error.issues[0].path[0] : undefined,
});

/** Moves focus to the first of the named controls (the one the message is about). */
export function focusField(form: HTMLFormElement, names: readonly string[]) {
  const name = names[0];
  const element = name ? form.elements.namedItem(name) : null;
  if (element instanceof HTMLElement) element.focus();
}

/**
 * Submit state of a form: `busy` while a call runs (a second submit is ignored), `invalid` marks the controls a
 * validation message is about until they are edited.
 */
export function useFormState() {
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  async function run(task: () => Promise<void>, withCurtain = false) {
    setBusy(true);
    if (withCurtain) showCurtain();
    try {
      await task();
    } finally {
      if (withCurtain) hideCurtain();
      setBusy(false);
    }
  }

  const markInvalid = (form: HTMLFormElement, names: readonly string[]) => {
    setInvalid(new Set(names));
    focusField(form, names);
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (invalid.has(name)) setInvalid((set) => new Set([...set].filter((n) => n !== name)));
  };

  return { busy, invalid, run, markInvalid, onInput };
}

/** The line under each form that moves to another mode ("¿Aún no tienes cuenta? Regístrate"). */
export function ModeSwitch({ lead, label, to }: { lead?: string; label: string; to: AuthMode }) {
  return (
    <p className={styles.switch}>
      {lead && <>{lead} </>}
      <button type="button" className="link-button" onClick={() => openAuthModal(to)}>
        {label}
      </button>
    </p>
  );
}
