import { useId, useState, type FormEvent } from 'react';
import { Clapperboard, LoaderCircle } from 'lucide-react';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHANNEL_URL_MAX,
  MSG,
} from '@nomadas/shared';
import { newChannelBody } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../../api/queries/apiData';
import { useCreateChannelMutation } from '../../../api/queries/channelEdits';
import { toast } from '../../../components/Toast/toast';
import { esMyChannel } from '../../../i18n/screens/myChannel';
import { channelUrlFrom } from '../../../channels/format';
import styles from '../ChannelTab.module.css';

const text = esMyChannel.create;

type Field = 'nombre' | 'url' | 'descripcion';

/** Where each refusal of the server belongs on the form. */
const FIELD_OF_MESSAGE: Partial<Record<string, Field>> = {
  [MSG.channelNameInvalid]: 'nombre',
  [MSG.channelUrlInvalid]: 'url',
  [MSG.channelUrlTaken]: 'url',
  [MSG.channelDescriptionTooLong]: 'descripcion',
};

/** No channel yet: its name, its address (with the live preview of /canales/{url}) and its description. */
export function CreateChannelForm() {
  const headingId = useId();
  const ids = { nombre: useId(), url: useId(), descripcion: useId() };
  const [values, setValues] = useState<Record<Field, string>>({ nombre: '', url: '', descripcion: '' });
  const [problem, setProblem] = useState<{ field?: Field; message: string } | null>(null);
  const create = useCreateChannelMutation();
  const preview = values.url.trim().toLowerCase() || channelUrlFrom(values.nombre);

  const fail = (message: string, field?: Field) => {
    setProblem({ field, message });
    if (field) document.getElementById(ids[field])?.focus();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = newChannelBody.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      return fail(
        issue?.message ?? MSG.invalidInput,
        field === 'nombre' || field === 'url' || field === 'descripcion' ? field : undefined,
      );
    }
    setProblem(null);
    create
      .mutateAsync(parsed.data)
      .then((msg) => toast(msg || MSG.channelCreated, 'ok'))
      .catch((error: unknown) => {
        const msg = error instanceof ApiFailure ? error.serverMsg : undefined;
        fail(msg || MSG.serverError, msg ? FIELD_OF_MESSAGE[msg] : undefined);
      });
  }

  const input = (field: Field) => ({
    id: ids[field],
    name: field,
    value: values[field],
    'aria-invalid': problem?.field === field || undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (problem?.field === field) setProblem(null);
    },
  });

  return (
    <section className={`card ${styles.section} ${styles.createCard}`} aria-labelledby={headingId}>
      <Clapperboard aria-hidden="true" size={40} className={styles.createIcon} />
      <h2 id={headingId} className={styles.createTitle}>
        {text.title}
      </h2>
      <p className={styles.lead}>{text.lead}</p>
      <form noValidate onSubmit={submit} aria-busy={create.isPending} className={styles.createForm}>
        {problem && (
          <p className={styles.alert} role="alert">
            {problem.message}
          </p>
        )}
        <div className="field">
          <label htmlFor={ids.nombre}>{text.nombre}</label>
          <input
            {...input('nombre')}
            maxLength={CHANNEL_NAME_MAX + 20}
            aria-required="true"
            aria-describedby={`${ids.nombre}-hint`}
            autoComplete="off"
          />
          <p id={`${ids.nombre}-hint`} className="field-hint">
            {text.nombreHint(CHANNEL_NAME_MIN, CHANNEL_NAME_MAX)}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.url}>{text.url}</label>
          <input
            {...input('url')}
            maxLength={CHANNEL_URL_MAX + 10}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${ids.url}-hint ${ids.url}-preview`}
          />
          <p id={`${ids.url}-hint`} className="field-hint">
            {text.urlHint(CHANNEL_URL_MAX)}
          </p>
          <p id={`${ids.url}-preview`} className={styles.urlPreview}>
            {text.preview}{' '}
            <span className={styles.urlText}>
              {window.location.host}/canales/<strong>{preview || '…'}</strong>
            </span>
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.descripcion}>{text.descripcion}</label>
          <textarea
            {...input('descripcion')}
            rows={4}
            maxLength={CHANNEL_DESCRIPTION_MAX + 100}
            placeholder={text.descripcionPlaceholder}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" aria-disabled={create.isPending}>
            {create.isPending && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
            {create.isPending ? text.busy : text.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
