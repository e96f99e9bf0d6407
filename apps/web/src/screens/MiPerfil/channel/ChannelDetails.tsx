import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, MSG } from '@nomadas/shared';
import { editChannelBody } from '@nomadas/shared/schemas';
import type { Channel } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../../api/queries/apiData';
import { useDeleteChannelMutation, useEditChannelMutation } from '../../../api/queries/channelEdits';
import { ConfirmDialog } from '../../../components/Modal/ConfirmDialog';
import { toast } from '../../../components/Toast/toast';
import { esMyChannel } from '../../../i18n/screens/myChannel';
import { toastFailure } from '../../../channels/actions';
import styles from '../ChannelTab.module.css';

const text = esMyChannel;

/** The channel's name and description (its address stays). */
export function ChannelDetails({ canal }: { canal: Channel }) {
  const headingId = useId();
  const nameId = useId();
  const descriptionId = useId();
  const [nombre, setNombre] = useState(canal.nombre);
  const [descripcion, setDescripcion] = useState(canal.descripcion);
  const [problem, setProblem] = useState<{ field?: 'nombre' | 'descripcion'; message: string } | null>(null);
  const edit = useEditChannelMutation(canal.url);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edit.isPending) return;
    const parsed = editChannelBody.safeParse({ nombre, descripcion });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'descripcion' ? 'descripcion' : 'nombre';
      document.getElementById(field === 'nombre' ? nameId : descriptionId)?.focus();
      return setProblem({ field, message: issue?.message ?? MSG.invalidInput });
    }
    if (parsed.data.nombre === canal.nombre && parsed.data.descripcion === canal.descripcion) {
      return setProblem({ message: text.details.noChanges });
    }
    setProblem(null);
    edit
      .mutateAsync(parsed.data)
      .then((msg) => toast(msg || MSG.channelSaved, 'ok'))
      .catch((error: unknown) =>
        setProblem({ message: (error instanceof ApiFailure && error.serverMsg) || MSG.serverError }),
      );
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {text.details.title}
      </h2>
      <p className={styles.lead}>{text.details.lead}</p>
      <form noValidate onSubmit={submit} aria-busy={edit.isPending}>
        {problem && (
          <p className={styles.alert} role="alert">
            {problem.message}
          </p>
        )}
        <div className="field">
          <label htmlFor={nameId}>{text.details.nombre}</label>
          <input
            id={nameId}
            value={nombre}
            maxLength={CHANNEL_NAME_MAX + 20}
            aria-required="true"
            aria-invalid={problem?.field === 'nombre' || undefined}
            onChange={(event) => setNombre(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={descriptionId}>{text.details.descripcion}</label>
          <textarea
            id={descriptionId}
            value={descripcion}
            rows={4}
            maxLength={CHANNEL_DESCRIPTION_MAX + 100}
            aria-invalid={problem?.field === 'descripcion' || undefined}
            onChange={(event) => setDescripcion(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-secondary" aria-disabled={edit.isPending}>
            {edit.isPending && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
            {edit.isPending ? text.details.busy : text.details.save}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Deleting the channel with all its videos, after the 'Aviso' confirmation. */
export function DeleteChannel({ canal }: { canal: Channel }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteChannelMutation(canal.url);
  return (
    <section className={`card ${styles.section} ${styles.dangerZone}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {text.danger.title}
      </h2>
      <p className={styles.lead}>{text.danger.lead}</p>
      <div className={styles.actions}>
        <button type="button" className={`btn ${styles.dangerButton}`} onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" size={18} />
          {text.danger.action}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={text.confirm.title}
          message={text.confirm.deleteChannel}
          accept={text.confirm.accept}
          cancel={text.confirm.cancel}
          pending={remove.isPending}
          onClose={() => setAsking(false)}
          onAccept={() =>
            remove
              .mutateAsync(undefined)
              .then((msg) => toast(msg || MSG.channelDeleted, 'ok'))
              .catch(toastFailure)
          }
        />
      )}
    </section>
  );
}
