import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import type { ZodError } from 'zod';
import { MSG } from '@nomadas/shared';
import { hideCurtain, showCurtain } from '../Curtain/curtain';
import { dismissToastMessage, toast } from '../Toast/toast';
import { esOverlays } from '../../i18n/es.overlays';
import { openAuthModal, type AuthMode } from './openAuthModal';
import styles from './AuthModal.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  hint?: string;
  invalid?: boolean;
  /** What is wrong with the value, shown under the field and read with it. */
  error?: string;
  autoFocusFirst?: boolean;
}

/** The id a field is described by: its error, which replaces the hint (it says the same rule, applied). */
const describedBy = (id: string, hint?: string, error?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </>
  );
}

/** A labelled, required text input (the forms say every field is required). */
export function TextField({ label, hint, invalid, error, autoFocusFirst, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-required="true"
        aria-invalid={invalid || !!error || undefined}
        aria-describedby={describedBy(id, hint, error)}
        data-autofocus={autoFocusFirst || undefined}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, hint, invalid, error, ...input }: FieldProps) {
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
          aria-invalid={invalid || !!error || undefined}
          aria-describedby={describedBy(id, hint, error)}
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
      <FieldNotes id={id} hint={hint} error={error} />
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
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  // The error message shown as a toast and the controls it is about: editing one of them takes it away.
  const [warning, setWarning] = useState<{ msg: string; names: readonly string[] } | null>(null);

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

  /** Says `msg` in a toast, marks `names` (focusing the first), and shows each control's own `fieldErrors`. */
  const warn = (
    form: HTMLFormElement,
    msg: string,
    names: readonly string[],
    fieldErrors: Readonly<Record<string, string>> = {},
  ) => {
    toast(msg, 'ko');
    setWarning({ msg, names });
    setErrors(fieldErrors);
    markInvalid(form, names);
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (invalid.has(name)) setInvalid((set) => new Set([...set].filter((n) => n !== name)));
    if (name in errors) setErrors(({ [name]: _, ...rest }) => rest);
    if (warning?.names.includes(name)) {
      dismissToastMessage(warning.msg);
      setWarning(null);
    }
  };

  /** Shows (or, with undefined, clears) one control's own error, e.g. when it loses the focus. */
  const setFieldError = (name: string, error: string | undefined) =>
    setErrors(({ [name]: _, ...rest }) => (error ? { ...rest, [name]: error } : rest));

  return { busy, invalid, errors, run, markInvalid, warn, setFieldError, onInput };
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
